import { MAX_LINE } from '../engines/claude-cli/stream/fastDelta';
import type { LineText, RawLineRun } from '../llm/rawLineRun';
import type { EngineEvent } from '../engines/provider';

/** The longest line kept whole; the largest real CLI line (a result) is about 1 MB. */
export const MAX_RAW_LINE_CHARS = 2 * 1024 * 1024;
/** How much of a longer line is kept, in its truncation marker. */
const TRUNCATED_HEAD_CHARS = 4096;

export interface RawLineLimits {
  /** Lines of the head (default 20,000). */
  maxLines?: number;
  /** Characters of the head (default 16 M; bytes for the runs of bytes). */
  maxChars?: number;
  /** Lines kept after the head, the newest (default 500). */
  tailLines?: number;
  /** The longest line kept whole (default MAX_RAW_LINE_CHARS). */
  maxLineChars?: number;
}

/**
 * The raw engine lines of one call, for History (the engines' `raw` and `rawLines` events). The head goes `out` as
 * it comes (History's file), so it does not wait in memory for the call's end. Bounded: past the limits the head is
 * kept, then a marker, then the last `tailLines` lines (the end of a run is where failures show), handed over by
 * rest(). One line longer than `maxLineChars` is replaced by a marker line carrying its length and
 * its start: the budget counts lines, and one huge line must not make the file huge by itself.
 */
export class RawLineRecorder {
  private headLines = 0;
  private tail: string[] = [];
  private headChars = 0;
  private dropped = 0;
  private readonly maxLines: number;
  private readonly maxChars: number;
  private readonly tailLines: number;
  private readonly maxLineChars: number;

  constructor(
    private readonly out: (text: LineText) => void,
    limits: RawLineLimits = {},
  ) {
    this.maxLines = limits.maxLines ?? 20_000;
    this.maxChars = limits.maxChars ?? 16 * 1024 * 1024;
    this.tailLines = limits.tailLines ?? 500;
    this.maxLineChars = limits.maxLineChars ?? MAX_RAW_LINE_CHARS;
  }

  push(raw: string): void {
    const line = this.bounded(raw);
    if (
      this.tail.length === 0 &&
      this.headLines < this.maxLines &&
      this.headChars + line.length <= this.maxChars
    ) {
      this.headLines++;
      this.headChars += line.length;
      this.out([line + '\n']);
      return;
    }
    this.tail.push(line);
    // Trimmed once it holds twice the tail, not at every line past it (a copy of the whole tail per line).
    if (this.tail.length > 2 * this.tailLines) this.trimTail();
  }

  /** The raw lines an engine event carries, if any (`raw`: one, `rawLines`: a run). */
  take(event: EngineEvent): void {
    if (event.type === 'raw') this.push(event.line);
    else if (event.type === 'rawLines') this.pushRun(event.lines);
  }

  /**
   * A run of lines (the CLI's delta lines): out whole while it fits in the head;
   * otherwise line by line.
   * Its lines are short (a delta line is at most 64 KB), so none needs bounding where the limit is the default.
   */
  pushRun(run: RawLineRun): void {
    if (
      this.tail.length === 0 &&
      this.headLines + run.count <= this.maxLines &&
      this.headChars + run.size <= this.maxChars &&
      this.maxLineChars >= MAX_LINE
    ) {
      this.headLines += run.count;
      this.headChars += run.size;
      const text: LineText = [];
      run.pushText(text);
      this.out(text);
      return;
    }
    for (const line of run.all()) this.push(line);
  }

  private trimTail(): void {
    if (this.tail.length <= this.tailLines) return;
    this.dropped += this.tail.length - this.tailLines;
    this.tail = this.tail.slice(-this.tailLines);
  }

  private bounded(line: string): string {
    if (line.length <= this.maxLineChars) return line;
    return JSON.stringify({
      type: 'puffin_truncated_line',
      length: line.length,
      head: line.slice(0, TRUNCATED_HEAD_CHARS),
    });
  }

  /** What History's file holds after the head: the marker of the lines dropped, if any, and the tail. */
  rest(): LineText {
    this.trimTail();
    const text: LineText = [];
    if (this.dropped > 0)
      text.push(JSON.stringify({ type: 'puffin_truncated', droppedLines: this.dropped }) + '\n');
    for (const line of this.tail) text.push(line + '\n');
    return text;
  }
}
