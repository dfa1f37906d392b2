/**
 * Splits a byte or text stream into lines.
 * - Bytes are decoded with a streaming TextDecoder, so a UTF-8 sequence split across chunks survives.
 * - The unfinished tail is kept as an array of pieces and joined once, when its newline arrives:
 *   a 50 MB line delivered in 64 KB chunks costs one join, not thousands of growing concatenations.
 * - A trailing "\r" (CRLF) is removed.
 */
export class LineSplitter {
  private readonly decoder = new TextDecoder('utf-8');
  private pending: string[] = [];
  private decoderHasBytes = false;

  /** Returns the lines completed by this chunk, without their terminators. */
  push(chunk: string | Uint8Array): string[] {
    let text: string;
    if (typeof chunk === 'string') {
      // Bytes still buffered in the decoder precede this text; flush them rather than lose them.
      text = this.decoderHasBytes ? this.decoder.decode() + chunk : chunk;
      this.decoderHasBytes = false;
    } else {
      text = this.decoder.decode(chunk, { stream: true });
      this.decoderHasBytes = chunk.length > 0;
    }
    return this.split(text);
  }

  /** Flushes the decoder and returns the last line if it had no newline. */
  end(): string[] {
    const lines = this.split(this.decoder.decode());
    this.decoderHasBytes = false;
    if (this.pending.length > 0) {
      const last = this.pending.join('');
      this.pending = [];
      lines.push(stripCr(last));
    }
    return lines;
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
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}
