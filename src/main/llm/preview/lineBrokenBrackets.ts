/** What `LineBrokenBrackets.scan` returns when a bracket is not certified: the caller scans strings instead. */
export const UNSURE = -2;

const SPACE = 32;
/** Below this a character is a control character, which valid JSON never has raw inside a string. */
const FIRST_PRINTABLE = 32;
const OPEN_OBJECT = 123;
const OPEN_ARRAY = 91;
/** `}` is `{` + 2 and `]` is `[` + 2. */
const CLOSER_OFFSET = 2;

/**
 * Finds where a container ends by its brackets alone, without following its strings, when the JSON is laid out
 * on lines (pretty-printed, as JSON.stringify(v, null, 2) writes it).
 *
 * Only brackets outside strings count, and telling them apart normally means following every string from quote
 * to quote. But valid JSON never has a raw control character (line break, tab...) inside a string, so a bracket
 * next to one is certainly outside any string: an opening bracket followed by a line break, or any bracket
 * preceded by a line break and spaces (`\n    }`). An empty pair (`[]`, `{}`) changes nothing wherever it is.
 * In pretty-printed JSON every bracket is one of these, so the container's end is found with one native indexOf
 * per bracket, and the strings (most of the text) are never looked at: JSON.parse reads them once, when the
 * container closes.
 *
 * Any other bracket (compact JSON, a bracket inside a string), or a closer of the wrong kind, makes `scan` return
 * UNSURE: the caller then follows strings exactly from the container's start (OpaqueContainer.scanText). An end
 * found here is also only a candidate, confirmed by JSON.parse of the container's text; a text that parses is a
 * complete value, whose end the exact scan finds at the same place, so what is reported is never different.
 * Only invalid JSON can make a certificate wrong (a raw line break inside a string, next to a bracket); the final
 * JSON.parse rejects such an answer anyway, and the preview never shows a value from it.
 */
export class LineBrokenBrackets {
  /** Open brackets (character codes), the container's own first. */
  private open: number[] = [];
  /** An opening bracket that ended the last text: certified (or paired) by the first character of the next. */
  private undecided = 0;
  /** The text so far ends with a control character and then only spaces. */
  private lineBroken = false;

  reset(opener: number): void {
    this.open = [opener];
    this.undecided = 0;
    this.lineBroken = false;
  }

  /**
   * Follows the brackets of `text` from `from` (the container's text goes on from where the last text ended).
   * Returns the index after the container's closing bracket, -1 if it is still open, or UNSURE.
   */
  scan(text: string, from: number): number {
    const end = this.brackets(text, from);
    if (end === -1) this.lineBroken = this.afterLineBreak(text, text.length);
    return end;
  }

  private brackets(text: string, from: number): number {
    const len = text.length;
    const open = this.open;
    let j = from;
    if (this.undecided !== 0) {
      if (j >= len) return -1;
      const c = text.charCodeAt(j);
      if (c === this.undecided + CLOSER_OFFSET) {
        open.pop(); // an empty pair split across texts
        j++;
      } else if (c >= FIRST_PRINTABLE) return UNSURE;
      this.undecided = 0;
    }
    // The next bracket of each kind at or after the scan position (len: none left).
    let openObj = nextOf(text, '{', j, len);
    let closeObj = nextOf(text, '}', j, len);
    let openArr = nextOf(text, '[', j, len);
    let closeArr = nextOf(text, ']', j, len);
    for (;;) {
      let b = openObj < closeObj ? openObj : closeObj;
      if (openArr < b) b = openArr;
      if (closeArr < b) b = closeArr;
      if (b >= len) return -1;
      const c = text.charCodeAt(b);
      if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
        const next = text.charCodeAt(b + 1); // NaN past the end
        if (c === OPEN_OBJECT) openObj = nextOf(text, '{', b + 1, len);
        else openArr = nextOf(text, '[', b + 1, len);
        if (next === c + CLOSER_OFFSET) {
          // An empty pair: both inside a string or both outside, it leaves the nesting as it was.
          if (c === OPEN_OBJECT) closeObj = nextOf(text, '}', b + 2, len);
          else closeArr = nextOf(text, ']', b + 2, len);
          continue;
        }
        open.push(c);
        if (next < FIRST_PRINTABLE || this.afterLineBreak(text, b)) continue;
        if (b !== len - 1) return UNSURE;
        this.undecided = c;
        return -1;
      }
      if (!this.afterLineBreak(text, b) || open.pop() !== c - CLOSER_OFFSET) return UNSURE;
      if (open.length === 0) return b + 1;
      if (c === OPEN_OBJECT + CLOSER_OFFSET) closeObj = nextOf(text, '}', b + 1, len);
      else closeArr = nextOf(text, ']', b + 1, len);
    }
  }

  /** Whether only spaces stand between a control character and position b (in earlier texts too). */
  private afterLineBreak(text: string, b: number): boolean {
    let k = b - 1;
    while (k >= 0 && text.charCodeAt(k) === SPACE) k--;
    return k >= 0 ? text.charCodeAt(k) < FIRST_PRINTABLE : this.lineBroken;
  }
}

/** Index of the next `ch` at or after `from`, or `len` when there is none. */
export function nextOf(text: string, ch: string, from: number, len: number): number {
  const at = text.indexOf(ch, from);
  return at === -1 ? len : at;
}
