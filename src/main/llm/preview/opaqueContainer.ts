import { LineBrokenBrackets, nextOf, UNSURE } from './lineBrokenBrackets';
import type { PartialJsonParser } from './partialJsonParser';

const BACKSLASH = 92;
/** bracketScan: the container closed at `closedAt`, and `parts` holds its text. */
const CLOSED = -3;
/** Below this, a character is a control character (in JSON text: a line break of the layout). */
const FIRST_PRINTABLE = 32;

/** How the container's end is looked for, decided by its first character after the opening bracket. */
const enum Scan {
  Undecided,
  /** Laid out on lines: by certified brackets (LineBrokenBrackets), the strings left to JSON.parse. */
  Brackets,
  /** Compact, or a bracket was not certified: exactly, following strings (scanText). */
  Strings,
}

/**
 * An object or array below the depth the preview builds live (e.g. one story of `{stories: [...]}`).
 * While it arrives, only its extent is tracked (string/escape state and bracket nesting); when it closes, its
 * text is parsed once by the engine's JSON.parse.
 *
 * Most fragments are never looked at character by character when they arrive: a fragment without the kind of
 * bracket that can end the container (`}` for an object, `]` for an array) cannot end it, so it is only
 * appended to a rope of unscanned text (one native indexOf per fragment). When a fragment that may end it
 * arrives, the rope and the fragment are scanned together as one flat string, once, by native indexOf jumps
 * from quote to quote and bracket to bracket (see scanText). So each character is scanned at most once and
 * parsed once, and per-fragment work is O(1) calls. Pretty-printed JSON is not even scanned from quote to quote:
 * its brackets are told apart from those inside strings by the line breaks next to them (LineBrokenBrackets),
 * and the exact scan takes over from the container's start at the first bracket that is not certified so.
 *
 * A preview of the unfinished container is built lazily by a sub-parser that is fed only the text it has not
 * seen, so even a snapshot after every delta stays linear overall.
 */
export class OpaqueContainer {
  /** Scanned text of the container so far, in order (the opening bracket first). */
  private parts: string[] = [];
  private nesting = 0;
  private inString = false;
  /** The scanned text ended with an unpaired backslash inside a string: the next character is escaped. */
  private escaped = false;
  /** The bracket that can end this container. */
  private closer = '}';
  /** Text received but not scanned yet; it holds no `closer`, so it cannot end the container. */
  private pending = '';
  private sub: PartialJsonParser | undefined;
  private fedParts = 0;
  private mode = Scan.Undecided;
  private readonly brackets = new LineBrokenBrackets();
  /** The closed container's value, when JSON.parse already confirmed the end the brackets gave. */
  private parsed: { value: unknown } | undefined;
  private closedAt = 0;

  constructor(private readonly makeSubParser: () => PartialJsonParser) {}

  /** Starts a container whose opening bracket has just been read. */
  begin(opener: string): void {
    this.parts = [opener];
    this.nesting = 1;
    this.inString = false;
    this.escaped = false;
    this.closer = opener === '[' ? ']' : '}';
    this.pending = '';
    this.sub = undefined;
    this.fedParts = 0;
    this.mode = Scan.Undecided;
    this.brackets.reset(opener.charCodeAt(0));
    this.parsed = undefined;
  }

  /**
   * The fast path for a whole fragment: if it cannot end the container, keeps it unscanned (a rope append, no
   * copy) and returns true. Returns false if it has to be scanned now, with `scan(fragment, 0)`.
   */
  defer(fragment: string): boolean {
    if (fragment.indexOf(this.closer) !== -1) return false;
    this.pending += fragment;
    return true;
  }

  /**
   * Consumes fragment characters from i (after any deferred text); returns the index in `fragment` just after
   * the closing bracket, or -1 if the container is still open.
   */
  scan(fragment: string, i: number): number {
    // Deferred text is only ever followed by a whole fragment (a container begins with an empty rope), so
    // scanning them as one string and subtracting the rope's length maps indices back into the fragment.
    let text = fragment;
    let from = i;
    const base = this.pending.length;
    if (base !== 0) {
      text = this.pending + (i === 0 ? fragment : fragment.slice(i));
      from = 0;
      this.pending = '';
    }
    if (this.mode === Scan.Undecided && from < text.length) this.mode = layoutOf(text, from);
    const end = this.mode === Scan.Brackets ? this.bracketScan(text, from) : this.scanText(text, from);
    if (end === -1) {
      this.parts.push(from === 0 ? text : text.slice(from));
      return -1;
    }
    if (end !== CLOSED) this.parts.push(text.slice(from, end));
    const at = end === CLOSED ? this.closedAt : end;
    return base === 0 ? at : at - base + i;
  }

  /**
   * The end by certified brackets, confirmed by JSON.parse; at the first doubt, by the exact scan from the
   * container's start. Returns -1 (still open) or the end in `text`, like scanText, or CLOSED: then `parts`
   * holds the container's whole text and `closedAt` is its end in `text`.
   */
  private bracketScan(text: string, from: number): number {
    const end = this.brackets.scan(text, from);
    if (end === -1) return -1;
    if (end !== UNSURE) {
      this.parts.push(text.slice(from, end));
      try {
        this.parsed = { value: JSON.parse(this.parts.join('')) };
        this.closedAt = end;
        return CLOSED;
      } catch {
        this.parts.pop(); // invalid JSON, or a certificate was wrong: the exact scan decides
      }
    }
    const early = this.exactFromStart();
    if (early === -1) return this.scanText(text, from);
    // The end lies in text already scanned by brackets (only invalid JSON can do that).
    const head = this.parts.join('');
    this.parts = [head.slice(0, early)];
    this.closedAt = early - head.length + from;
    return CLOSED;
  }

  /**
   * Switches to the exact scan: follows the strings of the container's text so far. Returns -1, or the end in
   * that text if it lies there.
   */
  private exactFromStart(): number {
    this.mode = Scan.Strings;
    this.nesting = 1;
    this.inString = false;
    this.escaped = false;
    return this.parts.length === 1 ? -1 : this.scanText(this.parts.join(''), 1);
  }

  /**
   * The state machine over one string; returns the index after the closing bracket, or -1 (state kept for
   * the next text). Only quotes and brackets matter, and both are found by native indexOf jumps rather than a
   * look at every character: inside a string, from quote to quote (a quote preceded by an odd run of
   * backslashes is escaped and the jump continues); outside, to the next quote, handling the brackets before
   * it. The next position of each bracket kind is cached and searched again only once the scan has passed it
   * (a bracket inside a string is passed over), so every search covers new text: linear, and in
   * pretty-printed JSON (long whitespace runs between strings) well under one JS step per character.
   * Locals only in the loop: this is the hot path.
   */
  private scanText(text: string, from: number): number {
    const len = text.length;
    let nesting = this.nesting;
    let j = from;
    let inString = this.inString;
    if (inString && this.escaped) {
      this.escaped = false;
      j++; // the previous text ended with an unpaired backslash: this character is escaped
    }
    // A backslash run never extends before `floor`: earlier characters were consumed by an earlier scan.
    const floor = j;
    // Next `{`, `}`, `[`, `]` at or after the scan position (len: none left); -1 until first searched.
    let openObj = -1;
    let closeObj = -1;
    let openArr = -1;
    let closeArr = -1;
    for (;;) {
      if (inString) {
        let q = text.indexOf('"', j);
        while (q > floor && text.charCodeAt(q - 1) === BACKSLASH) {
          let k = q - 2;
          while (k >= floor && text.charCodeAt(k) === BACKSLASH) k--;
          if (((q - k) & 1) === 1) break; // an even run (q-1-k backslashes): the quote is real
          q = text.indexOf('"', q + 1);
        }
        if (q === -1) {
          // The text ends inside the string: remember whether its last backslash run is unpaired.
          let k = len - 1;
          while (k >= j && text.charCodeAt(k) === BACKSLASH) k--;
          this.escaped = ((len - 1 - k) & 1) === 1;
          this.inString = true;
          this.nesting = nesting;
          return -1;
        }
        j = q + 1;
      }
      const quote = text.indexOf('"', j);
      const stop = quote === -1 ? len : quote;
      if (openObj < j) openObj = nextOf(text, '{', j, len);
      if (closeObj < j) closeObj = nextOf(text, '}', j, len);
      if (openArr < j) openArr = nextOf(text, '[', j, len);
      if (closeArr < j) closeArr = nextOf(text, ']', j, len);
      for (;;) {
        let b = openObj < closeObj ? openObj : closeObj;
        if (openArr < b) b = openArr;
        if (closeArr < b) b = closeArr;
        if (b >= stop) break;
        if (b === openObj) {
          nesting++;
          openObj = nextOf(text, '{', b + 1, len);
        } else if (b === openArr) {
          nesting++;
          openArr = nextOf(text, '[', b + 1, len);
        } else {
          if (--nesting === 0) {
            this.nesting = 0;
            this.inString = false;
            return b + 1;
          }
          if (b === closeObj) closeObj = nextOf(text, '}', b + 1, len);
          else closeArr = nextOf(text, ']', b + 1, len);
        }
      }
      if (quote === -1) break;
      j = quote + 1;
      inString = true;
    }
    this.nesting = nesting;
    this.inString = false;
    return -1;
  }

  /** The closed container's value. Throws SyntaxError if its text is not JSON. */
  value(): unknown {
    if (this.parsed) return this.parsed.value;
    return JSON.parse(this.parts.length === 1 ? this.parts[0]! : this.parts.join(''));
  }

  /** The unfinished container as far as it has arrived. */
  preview(): unknown {
    if (this.pending !== '') {
      // Deferred text cannot end the container: scan it now so the sub-parser can be fed up to here.
      const text = this.pending;
      this.pending = '';
      if (this.mode === Scan.Undecided) this.mode = layoutOf(text, 0);
      if (this.mode === Scan.Strings) this.scanText(text, 0);
      else if (this.brackets.scan(text, 0) === UNSURE && this.exactFromStart() === -1) this.scanText(text, 0);
      this.parts.push(text);
    }
    this.sub ??= this.makeSubParser();
    for (; this.fedParts < this.parts.length; this.fedParts++) this.sub.push(this.parts[this.fedParts]!);
    return this.sub.snapshot();
  }
}

/** A container whose opening bracket is followed by a line break is laid out on lines: its brackets are too. */
function layoutOf(text: string, at: number): Scan {
  return text.charCodeAt(at) < FIRST_PRINTABLE ? Scan.Brackets : Scan.Strings;
}
