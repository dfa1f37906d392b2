/**
 * The lines of a run of the CLI's delta lines as the CLI printed them (terminator excluded), handed over with the
 * run in one event instead of one event per line: History writes them all (pushText), the live activity reads
 * only the last few (last).
 */

/** Pieces of text whose concatenation is lines, each ended by LF: strings, and UTF-8 bytes. */
export type LineText = (string | Uint8Array)[];

export class RawLineRun {
  private readonly lines: string[] = [];
  /** Their size in UTF-16 units. */
  size = 0;

  /** How many lines the run holds. */
  get count(): number {
    return this.lines.length;
  }

  addLine(line: string): void {
    this.lines.push(line);
    this.size += line.length;
  }

  /** Every line, in order. */
  all(): string[] {
    return this.lines.slice();
  }

  /** Every line, in order, each ended by LF, onto `out`. */
  pushText(out: LineText): void {
    for (const line of this.lines) out.push(line + '\n');
  }

  /** The last `n` lines (or all of them, when there are fewer), in order. */
  last(n: number): string[] {
    return n <= 0 ? [] : this.lines.slice(-n);
  }
}
