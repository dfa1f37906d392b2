import type { RawLine, StreamDelta, StreamEventEvent } from './cliEvents';
import { DELTA, literalValue, MAX_LINE, PREFIX, STRING } from './fastDelta';
import type { DecodeState } from './toCliEvents';

/** A string literal without escapes: the envelope's ids are plain, and one that is not goes the general way. */
const PLAIN = String.raw`"[^"\\\x00-\x1f]*"`;

/**
 * The commonest stdout line of a previewed answer, exactly as every CLI build seen so far prints it (fixtures
 * 2.1.197 to 2.1.330): an input_json_delta stream_event followed by the envelope
 * `"session_id":"…","parent_tool_use_id":null|"…"[,"uuid":"…"]`, in that order, each key once.
 * With the key order fixed there is no duplicate key for JSON.parse to resolve differently, so the fields read
 * here are the ones JSON.parse would give.
 * Matched in place inside a whole stdout chunk, in two sticky steps: the head up to the fragment's closing quote
 * (tried first without escapes, the common case, so that a match says whether the fragment needs unescaping and
 * where it closes, with no second scan of it), then the envelope from there; the line is accepted only if that
 * ends exactly at the line's end. Together they are the one pattern HEAD STRING TAIL: the head has one way to
 * match and a string literal ends at its first unescaped quote, so wherever the line matches that pattern the
 * head step ends where the tail step must start. No token can match a line break (control characters are
 * excluded from literals).
 */
const HEAD = String.raw`\{"type":"stream_event","event":\{"type":"content_block_delta","index":(?:0|[1-9][0-9]{0,8}),"delta":\{"type":"input_json_delta","partial_json":`;
/** The head with a fragment without escapes (a literal without backslash is a STRING without escapes). */
const HEAD_PLAIN = new RegExp(HEAD + PLAIN, 'y');
const HEAD_ESCAPED = new RegExp(HEAD + STRING, 'y');
const TAIL = new RegExp(
  String.raw`\}\},"session_id":${PLAIN},"parent_tool_use_id":(?:null|${PLAIN})(?:,"uuid":${PLAIN})?\}`,
  'y',
);
/** From the fragment's closing quote to the session id's first character. */
const TO_SESSION = '"}},"session_id":"'.length;
/** From the session id's closing quote to the parent_tool_use_id value. */
const TO_PARENT = '","parent_tool_use_id":'.length;

/**
 * A delta decoded without building the line's object: thousands of these stream past for one answer and only
 * their fragment is used, so `raw` (the parsed line, for the activity view) and `event` are parsed from the
 * text on first access. The line text itself is kept for whoever wants it verbatim.
 */
class CliDeltaEvent implements StreamEventEvent {
  readonly kind = 'stream_event';
  readonly eventType = 'content_block_delta';
  readonly index: number;
  readonly messageId: string | undefined;
  readonly parentToolUseId: string | undefined;
  readonly delta: StreamDelta;
  /** The line is #text[#start, #end): usually a whole stdout chunk, sliced only if someone asks for the line. */
  readonly #text: string;
  readonly #start: number;
  readonly #end: number;
  #line: string | undefined;
  #raw: RawLine | undefined;

  constructor(
    text: string,
    start: number,
    end: number,
    index: number,
    partialJson: string,
    parent: string | undefined,
    messageId: string | undefined,
  ) {
    this.#text = text;
    this.#start = start;
    this.#end = end;
    this.index = index;
    this.messageId = messageId;
    this.parentToolUseId = parent;
    this.delta = { type: 'input_json', partialJson };
  }

  get raw(): RawLine {
    return (this.#raw ??= JSON.parse(this.line) as RawLine);
  }

  /** The SSE event, as in `raw` (nothing on the hot path reads it: index and delta are fields). */
  get event(): Record<string, unknown> {
    return this.raw.event as Record<string, unknown>;
  }

  get line(): string {
    return (this.#line ??= this.#text.slice(this.#start, this.#end));
  }
}

/** Whether the event was made by cliDeltaEvent (the line in the CLI's exact delta shape, read in place). */
export function isCliDeltaEvent(event: unknown): boolean {
  return event instanceof CliDeltaEvent;
}

/**
 * The event for a line in the CLI's exact delta shape (see CLI_DELTA), or undefined: then the general fast path
 * or JSON.parse decodes it. The event equals what decoding JSON.parse's object gives, `raw` included.
 */
export function cliDeltaEvent(line: string, state: DecodeState): StreamEventEvent | undefined {
  return cliDeltaEventAt(line, 0, line.length, state);
}

/**
 * cliDeltaEvent for the line text[start, end) (terminator excluded), read in place: nothing outside the line is
 * looked at, and the line is not copied unless the event's `line` or `raw` is read.
 */
export function cliDeltaEventAt(
  text: string,
  start: number,
  end: number,
  state: DecodeState,
): StreamEventEvent | undefined {
  const f = scratch;
  if (!matchCliDelta(text, start, end, f)) return undefined;
  return new CliDeltaEvent(
    text,
    start,
    end,
    f.index,
    f.partialJson,
    f.parent,
    state.messageId(f.parent ?? ''),
  );
}

/** What a CLI delta line says: the fields its event would have (messageId aside, which is the reader's state). */
export interface CliDeltaFields {
  index: number;
  partialJson: string;
  /** parent_tool_use_id (undefined for null). */
  parent: string | undefined;
}

const scratch: CliDeltaFields = { index: 0, partialJson: '', parent: undefined };

/**
 * Whether text[start, end) is a line in the CLI's exact delta shape (see HEAD_PLAIN and TAIL); if so its fields
 * are written into `out` (a reused object: nothing is allocated for the line but its fragment).
 */
export function matchCliDelta(text: string, start: number, end: number, out: CliDeltaFields): boolean {
  if (end - start > MAX_LINE) return false;
  let head = HEAD_PLAIN;
  head.lastIndex = start;
  if (!head.test(text)) {
    head = HEAD_ESCAPED;
    head.lastIndex = start;
    if (!head.test(text)) return false;
  }
  const close = head.lastIndex - 1;
  TAIL.lastIndex = close + 1;
  if (!TAIL.test(text) || TAIL.lastIndex !== end) return false;
  // The shape is proven, so every token searched for below is found inside the line.
  let i = start + PREFIX.length;
  let index = 0;
  for (let c = text.charCodeAt(i); c !== 0x2c /* , */; c = text.charCodeAt(++i))
    index = index * 10 + (c - 0x30);
  const open = i + DELTA.length - 1;
  // Only a fragment the plain head refused has an escape (it matched the escaped one): JSON's rules decode it.
  const partialJson = head === HEAD_PLAIN ? text.slice(open + 1, close) : literalValue(text, open, close);
  if (partialJson === undefined) return false;
  // The session id's closing quote (a plain literal: the first quote after its start), then the parent.
  const valueAt = text.indexOf('"', close + TO_SESSION) + TO_PARENT;
  out.parent =
    text.charCodeAt(valueAt) === 0x6e /* n of null */
      ? undefined
      : text.slice(valueAt + 1, text.indexOf('"', valueAt + 1));
  out.index = index;
  out.partialJson = partialJson;
  return true;
}
