import type { JsonPath, PartialJsonOptions, PreviewEvent, WatchPattern } from './previewEvents';
import { isLetter, isNumberChar, LITERALS, NUMBER, setMember } from './jsonChars';
import { OpaqueContainer } from './opaqueContainer';
import { StringToken } from './stringToken';

const enum S {
  Value, // a value must start here
  ArrayFirst, // after `[`: a value or `]`
  ObjectFirst, // after `{`: a key or `}`
  Key, // after `,` in an object
  Colon,
  AfterValue, // `,` or the container's closer
  String,
  Number,
  Literal,
  Opaque, // inside a container below the live depth
  Done,
  Error,
}

interface Frame {
  isArray: boolean;
  container: Record<string, unknown> | unknown[];
  key: string; // the member being filled, for objects
  path: JsonPath | null; // null below the deepest watched depth: no need to track
  watched: boolean;
  indexInParent: number; // for item events when this container closes
}

/** What push() returns when a fragment completes nothing (most of them): shared, so frozen. */
const NO_EVENTS = Object.freeze([]) as unknown as PreviewEvent[];

/**
 * Incremental JSON parser for a value that arrives in fragments (StructuredOutput `input_json_delta`s).
 * A resumable state machine down to the live depth: containers are built in place as they open, so
 * `snapshot()` costs only the open containers, and elements of watched arrays are reported the moment they
 * close. Below the live depth (each story of `{stories: [...]}`), an element is only delimited while it arrives
 * and then parsed once by JSON.parse (see OpaqueContainer): a fragment that cannot end it costs one native
 * indexOf and a rope append, and the text is scanned once, in batches.
 */
export class PartialJsonParser {
  private state = S.Value;
  private readonly stack: Frame[] = [];
  private root: unknown = undefined;
  private readonly token = new StringToken();
  private stringIsKey = false;
  private scalar = ''; // number or literal characters so far
  private offset = 0;
  private readonly watch: readonly WatchPattern[] | undefined;
  private readonly watchDepth: number;
  private readonly liveDepth: number;
  private readonly opaque = new OpaqueContainer(
    () => new PartialJsonParser({ watch: [], materializeDepth: Number.POSITIVE_INFINITY }),
  );

  constructor(options: PartialJsonOptions = {}) {
    this.watch = options.watch;
    this.watchDepth = options.watch ? Math.max(0, ...options.watch.map((p) => p.length)) : 1;
    this.liveDepth = options.materializeDepth ?? this.watchDepth;
  }

  get isComplete(): boolean {
    return this.state === S.Done;
  }

  /**
   * Feeds the next fragment; returns the events it completes, in order. The array is read-only (it is shared
   * when empty).
   */
  push(fragment: string): PreviewEvent[] {
    // Hot path: most fragments fall inside an element below the live depth and cannot end it.
    if (this.state === S.Opaque && this.opaque.defer(fragment)) {
      this.offset += fragment.length;
      return NO_EVENTS;
    }
    const events: PreviewEvent[] = [];
    const len = fragment.length;
    let i = 0;
    while (i < len && this.state !== S.Error) {
      switch (this.state) {
        case S.String:
        case S.Opaque: {
          // Both resume a token that may span fragments; -1: it goes on past this one.
          const inString = this.state === S.String;
          const end = inString ? this.token.scan(fragment, i) : this.opaque.scan(fragment, i);
          if (end === -1) i = len;
          else {
            i = end;
            if (inString) this.closeString(events);
            else this.closeOpaque(events);
          }
          break;
        }
        case S.Number:
        case S.Literal: {
          const start = i;
          const isNumber = this.state === S.Number;
          while (i < len && (isNumber ? isNumberChar : isLetter)(fragment.charCodeAt(i))) i++;
          this.scalar += fragment.slice(start, i);
          if (i < len) this.closeScalar(events, this.offset + i);
          break;
        }
        default: {
          let c = fragment.charCodeAt(i);
          while (c === 32 || c === 10 || c === 13 || c === 9) c = fragment.charCodeAt(++i); // NaN past the end
          if (i < len) {
            this.structural(fragment[i]!, events, this.offset + i);
            i++;
          }
        }
      }
    }
    this.offset += len;
    return events;
  }

  /**
   * The value as far as it has arrived: open containers are copied (completed ones are shared, they never
   * change again), and a string still arriving is included as far as it goes. Unfinished numbers, literals
   * and keys are left out.
   */
  snapshot(): unknown {
    if (this.stack.length === 0) return this.root;
    const tip = this.stack.length - 1;
    const partial =
      this.state === S.Opaque
        ? this.opaque.preview()
        : this.state === S.String && !this.stringIsKey
          ? this.token.partialValue()
          : undefined;
    let child: unknown = partial;
    let hasChild = partial !== undefined;
    for (let d = tip; d >= 0; d--) {
      const frame = this.stack[d]!;
      const copy = frame.isArray
        ? (frame.container as unknown[]).slice()
        : { ...(frame.container as Record<string, unknown>) };
      if (hasChild) {
        // At the tip the partial string is not placed yet; below it, the child replaces the open container
        // this frame holds in its last slot (arrays) or under its current key (objects).
        if (!Array.isArray(copy)) setMember(copy, frame.key, child);
        else if (d === tip) copy.push(child);
        else copy[copy.length - 1] = child;
      }
      child = copy;
      hasChild = true;
    }
    return child;
  }

  private structural(ch: string, events: PreviewEvent[], at: number): void {
    switch (this.state) {
      case S.Value:
      case S.ArrayFirst:
        if (ch === ']' && this.state === S.ArrayFirst) return this.closeContainer(events);
        return this.startValue(ch, events, at);
      case S.ObjectFirst:
      case S.Key:
        if (ch === '}' && this.state === S.ObjectFirst) return this.closeContainer(events);
        if (ch !== '"') return this.fail(events, at, `expected a key, got ${JSON.stringify(ch)}`);
        this.stringIsKey = true;
        this.token.reset();
        this.state = S.String;
        return;
      case S.Colon:
        if (ch !== ':') return this.fail(events, at, `expected ':', got ${JSON.stringify(ch)}`);
        this.state = S.Value;
        return;
      case S.AfterValue: {
        const top = this.stack[this.stack.length - 1];
        if (ch === ',' && top) this.state = top.isArray ? S.Value : S.Key;
        else if (ch === ']' && top?.isArray) this.closeContainer(events);
        else if (ch === '}' && top && !top.isArray) this.closeContainer(events);
        else this.fail(events, at, `unexpected ${JSON.stringify(ch)}`);
        return;
      }
      case S.Done:
        return this.fail(events, at, `unexpected ${JSON.stringify(ch)} after the end of the value`);
    }
  }

  private startValue(ch: string, events: PreviewEvent[], at: number): void {
    if (ch === '{' || ch === '[') return this.openContainer(ch === '[');
    if (ch === '"') {
      this.stringIsKey = false;
      this.token.reset();
      this.state = S.String;
    } else if (ch === '-' || (ch >= '0' && ch <= '9')) {
      this.scalar = ch;
      this.state = S.Number;
    } else if (isLetter(ch.charCodeAt(0))) {
      this.scalar = ch;
      this.state = S.Literal;
    } else this.fail(events, at, `unexpected ${JSON.stringify(ch)}`);
  }

  private openContainer(isArray: boolean): void {
    if (this.stack.length > this.liveDepth) {
      this.opaque.begin(isArray ? '[' : '{');
      this.state = S.Opaque;
      return;
    }
    const container: Record<string, unknown> | unknown[] = isArray ? [] : {};
    const parent = this.stack[this.stack.length - 1];
    let path: JsonPath | null = null;
    let indexInParent = -1;
    if (parent) {
      indexInParent = this.place(parent, container);
      if (parent.path && parent.path.length < this.watchDepth) {
        path = [...parent.path, parent.isArray ? indexInParent : parent.key];
      }
    } else {
      this.root = container;
      path = [];
    }
    const watched = isArray && path !== null && this.isWatched(path);
    this.stack.push({ isArray, container, key: '', path, watched, indexInParent });
    this.state = isArray ? S.ArrayFirst : S.ObjectFirst;
  }

  private closeContainer(events: PreviewEvent[]): void {
    const frame = this.stack.pop()!;
    this.afterValue(frame.container, frame.indexInParent, events);
  }

  private closeOpaque(events: PreviewEvent[]): void {
    const value = this.finish(events, 'bad JSON', () => this.opaque.value());
    if (value !== undefined) this.completeScalar(value, events);
  }

  private closeString(events: PreviewEvent[]): void {
    const value = this.finish(events, 'bad string', () => this.token.value());
    if (value === undefined) return;
    if (this.stringIsKey) {
      this.stack[this.stack.length - 1]!.key = value;
      this.state = S.Colon;
    } else this.completeScalar(value, events);
  }

  /** A finished token's value (never undefined for JSON), or undefined once the reason it is invalid is reported. */
  private finish<T>(events: PreviewEvent[], what: string, read: () => T): T | undefined {
    try {
      return read();
    } catch (error) {
      this.fail(events, this.offset, `${what}: ${(error as Error).message}`);
      return undefined;
    }
  }

  private closeScalar(events: PreviewEvent[], at: number): void {
    const text = this.scalar;
    if (this.state === S.Number) {
      if (!NUMBER.test(text)) return this.fail(events, at, `bad number ${JSON.stringify(text)}`);
      return this.completeScalar(Number(text), events);
    }
    if (!Object.prototype.hasOwnProperty.call(LITERALS, text))
      return this.fail(events, at, `bad literal ${text}`);
    this.completeScalar(LITERALS[text], events);
  }

  private completeScalar(value: unknown, events: PreviewEvent[]): void {
    const parent = this.stack[this.stack.length - 1];
    if (!parent) this.root = value;
    this.afterValue(value, parent ? this.place(parent, value) : -1, events);
  }

  /** Puts a value into its parent container; returns its index for arrays. */
  private place(parent: Frame, value: unknown): number {
    if (parent.isArray) return (parent.container as unknown[]).push(value) - 1;
    setMember(parent.container as Record<string, unknown>, parent.key, value);
    return -1;
  }

  private afterValue(value: unknown, index: number, events: PreviewEvent[]): void {
    const parent = this.stack[this.stack.length - 1];
    if (!parent) {
      this.state = S.Done;
      events.push({ type: 'done', value });
      return;
    }
    if (parent.watched) events.push({ type: 'item', path: parent.path!, index, value });
    this.state = S.AfterValue;
  }

  private isWatched(path: JsonPath): boolean {
    if (!this.watch) return path.length === 0 || (path.length === 1 && typeof path[0] === 'string');
    return this.watch.some(
      (p) => p.length === path.length && p.every((seg, k) => seg === '*' || seg === path[k]),
    );
  }

  private fail(events: PreviewEvent[], offset: number, message: string): void {
    this.state = S.Error;
    events.push({ type: 'error', offset, message });
  }
}
