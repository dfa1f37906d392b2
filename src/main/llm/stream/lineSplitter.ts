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
 */
export class LineSplitter {
  // BOMs are handled below (ignoreBOM), because each non-streaming call would restart the decoder's own sniffing.
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  private readonly wholeDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
  private pending: string[] = [];
  /** The decoder may hold part of a UTF-8 sequence (the last byte it was given was not ASCII). */
  private decoderHasBytes = false;
  /** The last chunk was non-empty bytes: a string chunk now flushes the decoder and the byte stream restarts. */
  private flushBeforeText = false;
  /** No text decoded since the byte stream (re)started: a leading U+FEFF is a BOM and is dropped. */
  private atStreamStart = true;

  /** Returns the lines completed by this chunk, without their terminators. */
  push(chunk: string | Uint8Array): string[] {
    let text: string;
    if (typeof chunk === 'string') {
      // Bytes still buffered in the decoder precede this text; flush them rather than lose them.
      text = this.flushBeforeText ? this.flush() + chunk : chunk;
    } else if (chunk.length === 0) {
      this.flushBeforeText = false;
      return [];
    } else {
      const endsInAscii = chunk[chunk.length - 1]! < 0x80;
      text = this.decoded(
        endsInAscii && !this.decoderHasBytes
          ? this.wholeDecoder.decode(chunk)
          : this.decoder.decode(chunk, { stream: true }),
      );
      this.decoderHasBytes = !endsInAscii;
      this.flushBeforeText = true;
    }
    return this.split(text);
  }

  /** Flushes the decoder and returns the last line if it had no newline. */
  end(): string[] {
    const lines = this.split(this.flush());
    if (this.pending.length > 0) {
      const last = this.pending.join('');
      this.pending = [];
      lines.push(stripCr(last));
    }
    return lines;
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

  private split(text: string): string[] {
    const lines: string[] = [];
    let start = 0;
    let newline = text.indexOf('\n');
    while (newline !== -1) {
      const piece = text.slice(start, newline);
      let line: string;
      if (this.pending.length > 0) {
        this.pending.push(piece);
        line = this.pending.join('');
        this.pending = [];
      } else {
        line = piece;
      }
      lines.push(stripCr(line));
      start = newline + 1;
      newline = text.indexOf('\n', start);
    }
    if (start < text.length) this.pending.push(start === 0 ? text : text.slice(start));
    return lines;
  }
}

function stripCr(line: string): string {
  return line.charCodeAt(line.length - 1) === 0x0d ? line.slice(0, -1) : line;
}
