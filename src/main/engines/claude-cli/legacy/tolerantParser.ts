import { Lexer, Stop } from './jsonLexer';
import { keyAhead } from './stringEnds';
import { fenceLength, isDigit, isIdentStart, isQuote } from './textScan';

export type TolerantParse =
  | {
      kind: 'value';
      value: unknown;
      end: number;
      repaired: boolean;
      endedByFence: boolean;
      /** Set when the text reads two ways (unescaped quotes): the value is one guess and must not be used. */
      doubt?: string;
    }
  | { kind: 'truncated' }
  /** `innerQuotesAt`: a string with unescaped quotes was read before the value stopped parsing. */
  | { kind: 'invalid'; at: number; innerQuotesAt?: number };

/**
 * A forgiving JSON parser for one object or array starting at `start` (text[start] is `{` or `[`).
 * Strict JSON parses to exactly what JSON.parse gives; on top of that it repairs what LLMs damage:
 * comments (// /* # <!-- -->), single and smart quotes, unquoted keys, trailing/leading/missing commas,
 * `...` placeholders, Python/uppercase literals, raw newlines and unescaped quotes inside strings,
 * mismatched or stray closing brackets, and a block cut short by its closing code fence.
 * Text that simply ends inside the value is `truncated`: it is never completed into a shorter object.
 */
export function parseTolerant(text: string, start: number): TolerantParse {
  const parser = new Parser(text, start);
  try {
    const value = parser.value();
    return {
      kind: 'value',
      value,
      end: parser.pos,
      repaired: parser.repaired,
      endedByFence: parser.fenceStop,
      ...(parser.doubt !== undefined && { doubt: parser.doubt }),
    };
  } catch (error) {
    if (error instanceof Stop) {
      if (error.kind === 'truncated') return { kind: 'truncated' };
      const quotes = parser.innerQuotesAt;
      return { kind: 'invalid', at: error.at, ...(quotes !== undefined && { innerQuotesAt: quotes }) };
    }
    if (error instanceof RangeError) return { kind: 'invalid', at: start }; // nesting deeper than the JS stack
    throw error;
  }
}

class Parser extends Lexer {
  /** Set when a code fence closed the block while brackets were open: every open container then closes. */
  fenceStop = false;
  value(): unknown {
    this.skipBlank();
    const c = this.peek();
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (isQuote(c)) return this.string();
    if (c === '-' || c === '+' || c === '.' || isDigit(c)) return this.number();
    if (isIdentStart(c)) return this.literal();
    throw new Stop('invalid', this.pos);
  }

  private object(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    let members = 0;
    return this.container(
      out,
      '}',
      ']',
      () => members > 0,
      () => {
        const key = this.key();
        this.skipBlank();
        if (this.peek() === undefined) throw new Stop('truncated', this.pos);
        if (this.peek() !== ':') throw new Stop('invalid', this.pos);
        this.pos++;
        this.skipBlank();
        if (this.peek() === undefined) throw new Stop('truncated', this.pos);
        const value = this.value();
        if (key === '__proto__') {
          Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
        } else out[key] = value;
        members++;
      },
    );
  }

  private array(): unknown[] {
    const out: unknown[] = [];
    return this.container(
      out,
      ']',
      '}',
      () => out.length > 0,
      () => void out.push(this.value()),
    );
  }

  /**
   * The items of an object or array, the opener at pos, with the repairs both share: trailing, leading, doubled and
   * missing commas, `...` placeholders, a wrong closer (`other`) and a fence that ends the block.
   */
  private container<T>(out: T, close: string, other: string, hasItems: () => boolean, item: () => void): T {
    this.pos++;
    this.closers.push(close);
    let needItem = true; // just after the opener or a comma
    for (;;) {
      const c = this.structuralPeek();
      if (c === undefined) return this.closeImplicitly(out);
      if (c === close) {
        if (needItem && hasItems()) this.repaired = true; // trailing comma
        return this.closeWith(out);
      }
      if (c === other) {
        const how = this.mismatch(other);
        if (how === 'drop') continue;
        return how === 'consume' ? this.closeWith(out) : this.closeImplicitly(out);
      }
      if (c === ',') {
        if (needItem) this.repaired = true; // leading or doubled comma
        this.pos++;
        needItem = true;
        continue;
      }
      if (this.skipEllipsis()) continue;
      if (!needItem) this.repaired = true; // missing comma between items
      item();
      if (this.fenceStop) return this.closeImplicitly(out);
      needItem = false;
    }
  }

  /** Next structural character; `undefined` means a closing fence ended the block. Text end is truncation. */
  private structuralPeek(): string | undefined {
    this.skipBlank();
    const c = this.peek();
    if (c === undefined) throw new Stop('truncated', this.pos);
    if (fenceLength(this.text, this.pos) > 0) {
      this.fenceStop = true;
      this.repaired = true;
      return undefined;
    }
    return c;
  }

  /** Closes the innermost container with the closer at pos (the right one, or a wrong one standing in for it). */
  private closeWith<T>(value: T): T {
    this.closers.pop();
    this.pos++;
    return value;
  }

  /** Closes the innermost container without consuming anything: its closer is missing. */
  private closeImplicitly<T>(value: T): T {
    this.closers.pop();
    this.repaired = true;
    return value;
  }

  /**
   * A closer at pos that does not match the innermost container X. If an outer container Y wants it, either X
   * was left open (`[{"b":2]`: close X implicitly, the closer then closes Y) or the closer has the wrong shape
   * (`{"k": ["a", "b"}, "k2": 1}`: it closes X). What follows decides: after `, ` the continuation must fit
   * the container that would then be current (a key for an object, a value for an array).
   * A closer no container wants is stray: at the end of a block it closes X (`{"a":2]`), before more content
   * it is dropped (`[{"a":1}},{"a":2}]`).
   */
  private mismatch(closer: string): 'implicit' | 'consume' | 'drop' {
    this.repaired = true;
    const y = this.closers.lastIndexOf(closer);
    const after = this.skipSpaces(this.pos + 1);
    const next = this.text[after];
    if (y === -1) {
      if (next === undefined || next === '}' || next === ']' || fenceLength(this.text, after) > 0)
        return 'consume';
      this.pos++;
      return 'drop';
    }
    if (next !== ',') return 'implicit';
    const continuesWithKey = keyAhead(this.text, this.skipSpaces(after + 1));
    const fits = (container: string | undefined) =>
      container === '}' ? continuesWithKey : container === ']' ? !continuesWithKey : false;
    if (fits(this.closers[y - 1])) return 'implicit';
    return fits(this.closers[y]) ? 'consume' : 'implicit';
  }
}
