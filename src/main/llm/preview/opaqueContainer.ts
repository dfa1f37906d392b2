import type { PartialJsonParser } from './partialJsonParser';

const QUOTE = 34;
const BACKSLASH = 92;

/**
 * An object or array below the depth the preview builds live (e.g. one story of `{stories: [...]}`).
 * While it arrives, only its extent is tracked: string/escape state and bracket nesting, one cheap check per
 * character. When it closes, its text is parsed once by the engine's JSON.parse, so each character is scanned
 * once and parsed once. A preview of the unfinished container is built lazily by a sub-parser that is fed only
 * the text it has not seen, so even a snapshot after every delta stays linear overall.
 */
export class OpaqueContainer {
  private parts: string[] = [];
  private nesting = 0;
  private inString = false;
  private escaped = false;
  private sub: PartialJsonParser | undefined;
  private fedParts = 0;

  constructor(private readonly makeSubParser: () => PartialJsonParser) {}

  /** Starts a container whose opening bracket has just been read. */
  begin(opener: string): void {
    this.parts = [opener];
    this.nesting = 1;
    this.inString = false;
    this.escaped = false;
    this.sub = undefined;
    this.fedParts = 0;
  }

  /** Consumes characters from i; returns the index after the closing bracket, or -1 if still open. */
  scan(fragment: string, i: number): number {
    const len = fragment.length;
    let nesting = this.nesting;
    let j = i;
    while (j < len) {
      if (this.inString) {
        j = this.skipString(fragment, j);
        continue;
      }
      const c = fragment.charCodeAt(j++);
      if (c === QUOTE) this.inString = true;
      else if (c === 123 || c === 91)
        nesting++; // { [
      else if ((c === 125 || c === 93) && --nesting === 0) {
        this.parts.push(fragment.slice(i, j));
        this.nesting = 0;
        return j;
      }
    }
    if (len > i) this.parts.push(i === 0 ? fragment : fragment.slice(i));
    this.nesting = nesting;
    return -1;
  }

  /**
   * Inside a string: jumps to the closing quote with indexOf (native speed; strings are most of the text)
   * instead of testing every character. A quote preceded by an odd run of backslashes is escaped.
   */
  private skipString(fragment: string, from: number): number {
    const len = fragment.length;
    let j = from;
    if (this.escaped) {
      this.escaped = false;
      j++; // the previous fragment ended with an unpaired backslash: this character is escaped
    }
    const runFloor = j; // a backslash run never extends before here (earlier text is another fragment)
    for (;;) {
      const q = fragment.indexOf('"', j);
      let run = 0;
      for (let k = (q === -1 ? len : q) - 1; k >= runFloor && fragment.charCodeAt(k) === BACKSLASH; k--)
        run++;
      if (q === -1) {
        this.escaped = run % 2 === 1;
        return len;
      }
      if (run % 2 === 0) {
        this.inString = false;
        return q + 1;
      }
      j = q + 1;
    }
  }

  /** The closed container's value. Throws SyntaxError if its text is not JSON. */
  value(): unknown {
    return JSON.parse(this.parts.join(''));
  }

  /** The unfinished container as far as it has arrived. */
  preview(): unknown {
    this.sub ??= this.makeSubParser();
    for (; this.fedParts < this.parts.length; this.fedParts++) this.sub.push(this.parts[this.fedParts]!);
    return this.sub.snapshot();
  }
}
