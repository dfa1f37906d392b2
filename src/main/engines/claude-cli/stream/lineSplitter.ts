/**
 * Splits a byte or text stream into lines.
 * - Bytes are decoded with a streaming TextDecoder, so a UTF-8 sequence split across chunks survives. But a chunk
 *   is decoded by a second, non-streaming decoder when that cannot differ (the streaming one holds no partial
 *   sequence and the chunk ends in an ASCII byte, after which none is pending either): Node's non-streaming UTF-8
 *   decoding is several times faster, and stdout chunks mostly end that way. Two decoders, because one streaming
 *   call turns Node's fast path off for good on the decoder that made it.
 * - The unfinished tail is kept as an array of pieces and joined once, when its newline arrives:
 *   a 50 MB line delivered in 64 KB chunks costs one join, not thousands of growing concatenations.
 * - A trailing "\r" (CRLF) is removed.
 * - `pushSpans` reports each line as a span of the decoded chunk instead of a string of its own: a reader that
 *   recognises most lines by scanning them in place (the CLI's delta lines) never copies them.
 * - A line longer than `maxLineChars` is never assembled: once the unfinished tail passes the cap it is dropped,
 *   `onOversized` is told once, and everything up to the next newline is discarded. Without the cap one runaway
 *   line is buffered whole (hundreds of MB) and, past V8's string limit, the join throws a RangeError.
 */

import { isAscii } from 'node:buffer';

/** A line is `text.slice(start, end)`, its terminator (LF or CRLF) excluded. */
export type LineSink = (text: string, start: number, end: number) => void;

/**
 * The longest line kept. The largest line the CLI really prints is a result line: the structured output twice
 * (`structured_output` and `result`, the latter JSON-escaped), plus usage; an answer is bounded by the model's output
 * tokens (64K tokens ≈ 256 KB of text), so legitimate lines stay around 1 MB. 16 MiB leaves a wide margin above that
 * and still bounds what one line can hold in memory.
 */
export const MAX_LINE_CHARS = 16 * 1024 * 1024;

export interface LineSplitterOptions {
  /** Lines longer than this (in UTF-16 units, terminator excluded) are dropped; default MAX_LINE_CHARS. */
  maxLineChars?: number;
  /** Told once per dropped line, as soon as it passes the cap, with how much of it had arrived by then. */
  onOversized?: (charsSoFar: number) => void;
}

export class LineSplitter {
  // BOMs are handled below (ignoreBOM), because each non-streaming call would restart the decoder's own sniffing.
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  private readonly wholeDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
  private pending: string[] = [];
  private pendingChars = 0;
  /** Inside a line that passed the cap: everything up to the next newline is dropped. */
  private discarding = false;
  private readonly maxLineChars: number;
  private readonly onOversized: ((charsSoFar: number) => void) | undefined;
  /** The decoder may hold part of a UTF-8 sequence (the last byte it was given was not ASCII). */
  private decoderHasBytes = false;
  /** The last chunk was non-empty bytes: a string chunk now flushes the decoder and the byte stream restarts. */
  private flushBeforeText = false;
  /** No text decoded since the byte stream (re)started: a leading U+FEFF is a BOM and is dropped. */
  private atStreamStart = true;

  constructor(options: LineSplitterOptions = {}) {
    this.maxLineChars = options.maxLineChars ?? MAX_LINE_CHARS;
    this.onOversized = options.onOversized;
  }

  /**
   * Nothing is held: no unfinished line, no undecoded bytes, and the byte stream's start (its BOM) is behind. Bytes
   * that begin with a whole line can then be split elsewhere and only the lines not taken there handed back here.
   */
  get atLineStart(): boolean {
    return this.pending.length === 0 && !this.discarding && !this.decoderHasBytes && !this.atStreamStart;
  }

  /** Returns the lines completed by this chunk, without their terminators. */
  push(chunk: string | Uint8Array): string[] {
    const lines: string[] = [];
    this.pushSpans(chunk, (text, start, end) => lines.push(text.slice(start, end)));
    return lines;
  }

  /** Flushes the decoder and returns the last line if it had no newline. */
  end(): string[] {
    const lines: string[] = [];
    this.endSpans((text, start, end) => lines.push(text.slice(start, end)));
    return lines;
  }

  /** Hands `sink` each line completed by this chunk, in order. */
  pushSpans(chunk: string | Uint8Array, sink: LineSink): void {
    let text: string;
    if (typeof chunk === 'string') {
      // Bytes still buffered in the decoder precede this text; flush them rather than lose them.
      text = this.flushBeforeText ? this.flush() + chunk : chunk;
    } else if (chunk.length === 0) {
      this.flushBeforeText = false;
      return;
    } else {
      const endsInAscii = chunk[chunk.length - 1]! < 0x80;
      text = this.decoded(
        endsInAscii && !this.decoderHasBytes
          ? wholeText(chunk, this.wholeDecoder)
          : this.decoder.decode(chunk, { stream: true }),
      );
      this.decoderHasBytes = !endsInAscii;
      this.flushBeforeText = true;
    }
    this.split(text, sink);
  }

  /** Flushes the decoder and hands `sink` the last line if it had no newline. */
  endSpans(sink: LineSink): void {
    this.split(this.flush(), sink);
    this.discarding = false;
    if (this.pending.length > 0) {
      const last = this.pending.join('');
      this.pending = [];
      this.pendingChars = 0;
      sink(last, 0, withoutCr(last, 0, last.length));
    }
  }

  /** What the decoder still holds (U+FFFD for a cut sequence); the byte stream starts over after it. */
  private flush(): string {
    const text = this.decoded(this.decoder.decode());
    this.decoderHasBytes = false;
    this.flushBeforeText = false;
    this.atStreamStart = true;
    return text;
  }

  /** Drops a BOM at the start of the byte stream, as TextDecoder does by default. */
  private decoded(text: string): string {
    if (!this.atStreamStart || text.length === 0) return text;
    this.atStreamStart = false;
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  }

  private split(text: string, sink: LineSink): void {
    let start = 0;
    let newline = text.indexOf('\n');
    while (newline !== -1) {
      if (this.discarding) {
        this.discarding = false;
      } else if (this.pendingChars + (newline - start) > this.maxLineChars) {
        this.oversized(this.pendingChars + (newline - start));
        this.discarding = false;
      } else if (this.pending.length > 0) {
        this.pending.push(text.slice(start, newline));
        const line = this.pending.join('');
        this.pending = [];
        this.pendingChars = 0;
        sink(line, 0, withoutCr(line, 0, line.length));
      } else {
        sink(text, start, withoutCr(text, start, newline));
      }
      start = newline + 1;
      newline = text.indexOf('\n', start);
    }
    if (start >= text.length || this.discarding) return;
    const rest = text.length - start;
    if (this.pendingChars + rest > this.maxLineChars) return this.oversized(this.pendingChars + rest);
    this.pending.push(start === 0 ? text : text.slice(start));
    this.pendingChars += rest;
  }

  /** Drops the line being assembled and discards the rest of it as it arrives. */
  private oversized(charsSoFar: number): void {
    this.pending = [];
    this.pendingChars = 0;
    this.discarding = true;
    this.onOversized?.(charsSoFar);
  }
}

/**
 * A chunk that leaves no partial sequence behind, decoded on its own. When it is all ASCII (stdout nearly always is:
 * JSON escapes what is not) its bytes are its characters, and Node copies them into a string (latin1) twice as fast as
 * UTF-8 decoding does; isAscii checks that natively, at a small fraction of either's cost.
 */
function wholeText(chunk: Uint8Array, decoder: InstanceType<typeof TextDecoder>): string {
  if (!isAscii(chunk)) return decoder.decode(chunk);
  const bytes = Buffer.isBuffer(chunk)
    ? chunk
    : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return bytes.toString('latin1');
}

/** The end of the line text[start, end) without a trailing "\r". */
function withoutCr(text: string, start: number, end: number): number {
  return end > start && text.charCodeAt(end - 1) === 0x0d ? end - 1 : end;
}
