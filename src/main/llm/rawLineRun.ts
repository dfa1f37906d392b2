/**
 * The lines of a run of the CLI's delta lines as the CLI printed them, kept as they came: lines the JavaScript
 * path read as strings, and whole blocks of lines as the stdout bytes they are (a view of the chunk, never copied;
 * no reader hands blocks over since the byte-level delta scanner was deleted). History keeps every raw line of a call until it ends, ~4.8 MB for a large answer: as bytes
 * they stay off the JavaScript heap, where scavenges would copy them and then promote them. History writes them to
 * its file as the bytes they are (pushText); they become strings only when read: the last few when the live
 * activity shows them.
 */

/** Pieces of text whose concatenation is lines, each ended by LF: strings, and UTF-8 bytes. */
export type LineText = (string | Uint8Array)[];

/** A piece of a run: one line, or bytes holding `lines` whole lines, each ended by LF or CRLF. */
type Piece = string | { bytes: Uint8Array; lines: number };

export class RawLineRun {
  private readonly pieces: Piece[] = [];
  /** How many lines the run holds. */
  count = 0;
  /** Their size: UTF-16 units of the string lines, bytes of the blocks (at least as many as their characters). */
  size = 0;

  addLine(line: string): void {
    this.pieces.push(line);
    this.count++;
    this.size += line.length;
  }

  /** Whole lines, each ended by LF or CRLF (the last one too), as the bytes that came. */
  addBlock(bytes: Uint8Array, lines: number): void {
    this.pieces.push({ bytes, lines });
    this.count += lines;
    this.size += bytes.length;
  }

  /** Every line, in order, without its terminator. */
  all(): string[] {
    const out: string[] = [];
    for (const piece of this.pieces) {
      if (typeof piece === 'string') out.push(piece);
      else pushLines(out, decode(piece.bytes));
    }
    return out;
  }

  /**
   * Every line, in order, each ended by LF, onto `out`: a block as the bytes that came (not decoded, not copied)
   * unless a CR is in it (a CRLF line), which is then decoded to drop it as all() does.
   */
  pushText(out: LineText): void {
    for (const piece of this.pieces) {
      if (typeof piece === 'string') out.push(piece + '\n');
      else if (asBuffer(piece.bytes).indexOf(0x0d) < 0) out.push(piece.bytes);
      else {
        const lines: string[] = [];
        pushLines(lines, decode(piece.bytes));
        out.push(lines.join('\n') + '\n');
      }
    }
  }

  /** The last `n` lines (or all of them, when there are fewer), in order. */
  last(n: number): string[] {
    const out: string[][] = [];
    let wanted = n;
    for (let i = this.pieces.length - 1; i >= 0 && wanted > 0; i--) {
      const piece = this.pieces[i]!;
      if (typeof piece === 'string') {
        out.push([piece]);
        wanted--;
        continue;
      }
      const { bytes, lines } = piece;
      // The start of the last `wanted` lines: after the newline that ends the line before them.
      let start = 0;
      if (lines > wanted) {
        start = bytes.length - 1;
        for (let k = 0; k < wanted; k++) start = bytes.lastIndexOf(0x0a, start - 1);
        start++;
      }
      const block: string[] = [];
      pushLines(block, decode(bytes.subarray(start)));
      out.push(block);
      wanted -= block.length;
    }
    return out.reverse().flat();
  }
}

/** A Buffer over the same memory (its indexOf of a byte is a memchr; a Uint8Array's is a loop). */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function decode(bytes: Uint8Array): string {
  return asBuffer(bytes).toString('utf8');
}

/** The lines of `text` (each ended by LF or CRLF, the last one too) onto `lines`, without their terminators. */
function pushLines(lines: string[], text: string): void {
  const split = text.split('\n');
  split.pop(); // after the last newline
  if (text.includes('\r'))
    for (const line of split) lines.push(line.endsWith('\r') ? line.slice(0, -1) : line);
  else for (const line of split) lines.push(line);
}
