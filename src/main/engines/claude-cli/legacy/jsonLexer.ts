import {
  isIdentPart,
  isIdentStart,
  isQuote,
  isWhitespace,
  JSON_SIMPLE_ESCAPES,
  QUOTE_CLOSERS,
  unicodeEscape,
} from './textScan';
import { keyEndsAt, pairedEndLater, valueEndsAt, type Container } from './stringEnds';

/** Thrown to unwind the parser: the text ended inside the value, or is not JSON here. */
export class Stop {
  constructor(
    readonly kind: 'truncated' | 'invalid',
    readonly at: number,
  ) {}
}

const LITERALS: Readonly<Record<string, unknown>> = {
  true: true,
  false: false,
  null: null,
  none: null,
  undefined: null,
};
const NUMBER = /[-+]?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?/y;
const STRICT_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?$/;

/**
 * The lexical half of the tolerant parser: position, repair flag, whitespace/comments, strings, numbers,
 * literals and keys. The structural half (objects, arrays, bracket repair) is TolerantParser.
 */
export class Lexer {
  repaired = false;
  /** Closers of the open containers, innermost last; `#` comments end at the innermost one. */
  protected readonly closers: string[] = [];

  constructor(
    protected readonly text: string,
    public pos: number,
  ) {}

  protected skipSpaces(i: number): number {
    while (isWhitespace(this.text[i])) i++;
    return i;
  }

  protected skipEllipsis(): boolean {
    if (!this.text.startsWith('...', this.pos) && this.peek() !== '\u2026') return false;
    this.pos += this.peek() === '\u2026' ? 1 : 3;
    this.repaired = true;
    return true;
  }

  protected key(): string {
    const c = this.peek();
    if (isQuote(c)) return this.string('key');
    if (!isIdentStart(c)) throw new Stop('invalid', this.pos);
    const start = this.pos;
    while (isIdentPart(this.peek())) this.pos++;
    if (this.peek() === undefined) throw new Stop('truncated', this.pos);
    this.repaired = true;
    return this.text.slice(start, this.pos);
  }

  protected literal(): unknown {
    const start = this.pos;
    while (isIdentPart(this.peek())) this.pos++;
    if (this.peek() === undefined) throw new Stop('truncated', this.pos); // `nu` may become `null`
    const word = this.text.slice(start, this.pos);
    const lower = word.toLowerCase();
    if (!Object.prototype.hasOwnProperty.call(LITERALS, lower)) throw new Stop('invalid', start);
    if (word !== lower || lower === 'none' || lower === 'undefined') this.repaired = true;
    return LITERALS[lower];
  }

  protected number(): number {
    NUMBER.lastIndex = this.pos;
    const match = NUMBER.exec(this.text);
    if (!match) throw new Stop(this.pos + 1 >= this.text.length ? 'truncated' : 'invalid', this.pos); // a lone `-`
    const end = this.pos + match[0].length;
    // At the very end more digits, a fraction or an exponent may have followed.
    if (end + 2 >= this.text.length && /^(?:[eE][-+]?|\.)?$/.test(this.text.slice(end))) {
      throw new Stop('truncated', end);
    }
    const next = this.text[end];
    if (isIdentPart(next) || (next === '.' && !this.text.startsWith('...', end)))
      throw new Stop('invalid', end);
    if (!STRICT_NUMBER.test(match[0])) this.repaired = true;
    this.pos = end;
    return Number(match[0]);
  }

  /**
   * A string; `role` says where it stands, which decides which quote may end it. An unescaped quote that cannot end it
   * is kept as text. A reading that may have made a key out of string content is recorded in `doubt`.
   */
  protected string(role: 'key' | 'value' = 'value'): string {
    const start = this.pos;
    const open = this.text[this.pos]!;
    const closers = QUOTE_CLOSERS[open]!;
    const container = this.closers.at(-1) as Container;
    if (open !== '"') this.repaired = true;
    this.pos++;
    let out = '';
    let runStart = this.pos;
    let inner = 0;
    for (;;) {
      const c = this.text[this.pos];
      if (c === undefined) throw new Stop('truncated', this.pos);
      if (c === '\\') {
        out += this.text.slice(runStart, this.pos) + this.escape();
        runStart = this.pos;
        continue;
      }
      const quote = closers.includes(c);
      if (
        quote &&
        (role === 'key'
          ? keyEndsAt(this.text, this.pos + 1)
          : valueEndsAt(this.text, this.pos + 1, container))
      ) {
        out += this.text.slice(runStart, this.pos);
        this.pos++;
        if (inner > 0) {
          this.innerQuotesAt ??= start;
          this.noteInnerQuotes(role, out, start, inner, closers, container);
        }
        return out;
      }
      // A quote that cannot end the string is an unescaped quote inside the text; control chars are raw.
      if (quote) inner++;
      if (quote || c < ' ') this.repaired = true;
      this.pos++;
    }
  }

  /** The first reading found that the text does not settle; the candidate is then refused, never returned. */
  doubt: string | undefined;
  /** Where the first string holding unescaped quotes starts (to say why a value did not parse). */
  innerQuotesAt: number | undefined;

  private noteInnerQuotes(
    role: 'key' | 'value',
    value: string,
    start: number,
    inner: number,
    closers: string,
    container: Container,
  ): void {
    if (this.doubt !== undefined) return;
    const shown = JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
    if (role === 'key') {
      this.doubt = `the key ${shown} at offset ${start} holds unescaped quotes: it is made of string content`;
    } else if (inner % 2 === 1 && pairedEndLater(this.text, this.pos, closers, container)) {
      this.doubt = `the string ${shown} at offset ${start} holds an unescaped quote and could end at more than one quote, giving different keys`;
    }
  }

  protected escape(): string {
    const next = this.text[this.pos + 1];
    if (next === undefined) throw new Stop('truncated', this.pos);
    if (next === 'u') {
      const hex = this.text.slice(this.pos + 2, this.pos + 6);
      if (hex.length < 4 && /^[0-9a-fA-F]*$/.test(hex)) throw new Stop('truncated', this.pos);
      const decoded = unicodeEscape(hex);
      if (decoded !== null) {
        this.pos += 6;
        return decoded;
      }
    }
    this.pos += 2;
    const simple = JSON_SIMPLE_ESCAPES[next];
    if (simple !== undefined) return simple;
    this.repaired = true; // `\'` and other non-JSON escapes keep the character
    return next;
  }

  /** Skips whitespace and comments; comments are repairs. */
  protected skipBlank(): void {
    const text = this.text;
    for (;;) {
      while (isWhitespace(text[this.pos])) this.pos++;
      const c = text[this.pos];
      if (c === '/' && text[this.pos + 1] === '/') this.skipLineComment(false);
      else if (c === '#') this.skipLineComment(true);
      else if (c === '/' && text[this.pos + 1] === '*') this.skipUntil('*/', this.pos + 2);
      else if (text.startsWith('<!--', this.pos)) this.skipUntil('-->', this.pos + 4);
      else return;
      this.repaired = true;
    }
  }

  /** `#` comments (Python style) also end at the current container's closer: `{"a": 1 # note }`. */
  protected skipLineComment(endsAtCloser: boolean): void {
    const closer = this.closers.at(-1);
    while (this.pos < this.text.length && this.text[this.pos] !== '\n') {
      if (endsAtCloser && this.text[this.pos] === closer) return;
      this.pos++;
    }
  }

  protected skipUntil(terminator: string, from: number): void {
    const end = this.text.indexOf(terminator, from);
    if (end === -1) throw new Stop('truncated', this.text.length);
    this.pos = end + terminator.length;
  }

  protected peek(): string | undefined {
    return this.text[this.pos];
  }
}
