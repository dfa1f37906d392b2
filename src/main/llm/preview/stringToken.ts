const QUOTE = 34;
const BACKSLASH = 92;
/** Below this, a character must be escaped inside a JSON string (JSON.parse rejects a raw TAB, LF...). */
const FIRST_PRINTABLE = 32;

/**
 * A JSON string literal arriving in pieces. Keeps the raw (still escaped) text as slices and decodes once,
 * when the closing quote arrives: with no escapes the raw text is the value; with escapes the engine's own
 * JSON.parse decodes it (\n, \", \uXXXX, surrogate pairs split across fragments...). A raw control character
 * is remembered where it appears: the preview stops in front of it and the closed string is an error, because the
 * final JSON.parse will reject the whole answer.
 */
export class StringToken {
  private parts: string[] = [];
  private hasEscape = false;
  /** The previous fragment ended with a backslash: the next character is escaped. */
  private escapePending = false;
  /** Length of the raw text pushed to `parts` so far. */
  private rawLength = 0;
  /** Offset in the raw text of the first unescaped control character, or -1. */
  private firstControl = -1;

  reset(): void {
    this.parts = [];
    this.hasEscape = false;
    this.escapePending = false;
    this.rawLength = 0;
    this.firstControl = -1;
  }

  /**
   * Consumes fragment characters from `i`. Returns the index just past the closing quote,
   * or -1 if the fragment ended inside the string.
   */
  scan(fragment: string, i: number): number {
    const len = fragment.length;
    let j = i;
    if (this.escapePending) {
      this.escapePending = false;
      j++;
    }
    while (j < len) {
      const c = fragment.charCodeAt(j);
      if (c === QUOTE) {
        if (j > i) this.push(fragment.slice(i, j));
        return j + 1;
      }
      if (c === BACKSLASH) {
        this.hasEscape = true;
        j += 2;
      } else {
        if (c < FIRST_PRINTABLE && this.firstControl === -1) this.firstControl = this.rawLength + (j - i);
        j++;
      }
    }
    if (j > len) this.escapePending = true; // the fragment's last character was a backslash
    if (len > i) this.push(fragment.slice(i));
    return -1;
  }

  /** The decoded value of a closed string. Throws SyntaxError on an invalid escape or raw control character. */
  value(): string {
    if (this.firstControl !== -1)
      throw new SyntaxError(`Bad control character in string literal at offset ${this.firstControl}`);
    const raw = this.raw();
    return this.hasEscape ? (JSON.parse(`"${raw}"`) as string) : raw;
  }

  /** The decoded text so far, dropping an escape sequence that is not complete yet. */
  partialValue(): string {
    const raw = this.firstControl === -1 ? this.raw() : this.raw().slice(0, this.firstControl);
    if (!this.hasEscape) return raw;
    let safe = this.escapePending && this.firstControl === -1 ? raw.slice(0, -1) : raw;
    const unicode = /\\u[0-9a-fA-F]{0,3}$/.exec(safe);
    if (unicode) {
      // `\u12` is an unfinished escape only if its backslash is not itself escaped (odd run of backslashes).
      let run = 0;
      for (let k = unicode.index; k >= 0 && safe.charCodeAt(k) === BACKSLASH; k--) run++;
      if (run % 2 === 1) safe = safe.slice(0, unicode.index);
    }
    try {
      return JSON.parse(`"${safe}"`) as string;
    } catch {
      return '';
    }
  }

  private push(part: string): void {
    this.parts.push(part);
    this.rawLength += part.length;
  }

  private raw(): string {
    if (this.parts.length > 1) this.parts = [this.parts.join('')]; // join once; repeated snapshots reuse it
    return this.parts[0] ?? '';
  }
}
