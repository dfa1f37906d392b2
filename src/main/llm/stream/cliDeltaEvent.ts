import type { RawLine, StreamDelta, StreamEventEvent } from './cliEvents';
import { closingQuote, DELTA, MAX_LINE, PREFIX, STRING, stringValue } from './fastDelta';
import type { DecodeState } from './toCliEvents';

/**
 * The commonest stdout line of a previewed answer, exactly as every CLI build seen so far prints it (fixtures
 * 2.1.197 to 2.1.330): an input_json_delta stream_event followed by the envelope
 * `"session_id":"…","parent_tool_use_id":null|"…"[,"uuid":"…"]`, in that order, each key once.
 * With the key order fixed there is no duplicate key for JSON.parse to resolve differently, so the fields read
 * here are the ones JSON.parse would give.
 */
const CLI_DELTA = new RegExp(
  String.raw`^\{"type":"stream_event","event":\{"type":"content_block_delta","index":(?:0|[1-9][0-9]{0,8}),` +
    String.raw`"delta":\{"type":"input_json_delta","partial_json":${STRING}\}\},` +
    String.raw`"session_id":${STRING},"parent_tool_use_id":(?:null|${STRING})(?:,"uuid":${STRING})?\}$`,
);
const PARENT = ',"parent_tool_use_id":';

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
  readonly #line: string;
  #raw: RawLine | undefined;

  constructor(
    line: string,
    index: number,
    partialJson: string,
    parent: string | undefined,
    messageId: string | undefined,
  ) {
    this.#line = line;
    this.index = index;
    this.messageId = messageId;
    this.parentToolUseId = parent;
    this.delta = { type: 'input_json', partialJson };
  }

  get raw(): RawLine {
    return (this.#raw ??= JSON.parse(this.#line) as RawLine);
  }

  /** The SSE event, as in `raw` (nothing on the hot path reads it: index and delta are fields). */
  get event(): Record<string, unknown> {
    return this.raw.event as Record<string, unknown>;
  }

  get line(): string {
    return this.#line;
  }
}

/**
 * The event for a line in the CLI's exact delta shape (see CLI_DELTA), or undefined: then the general fast path
 * or JSON.parse decodes it. The event equals what decoding JSON.parse's object gives, `raw` included.
 */
export function cliDeltaEvent(line: string, state: DecodeState): StreamEventEvent | undefined {
  if (line.length > MAX_LINE || !CLI_DELTA.test(line)) return undefined;
  const digitsEnd = line.indexOf(',', PREFIX.length);
  let index = 0;
  for (let i = PREFIX.length; i < digitsEnd; i++) index = index * 10 + (line.charCodeAt(i) - 0x30);
  const open = digitsEnd + DELTA.length - 1;
  const close = closingQuote(line, open);
  const partialJson = stringValue(line, open, close);
  if (partialJson === undefined) return undefined;
  // The envelope's strings are not decoded here, so one with an escape (never seen: ids are plain) is left to
  // the general path, which checks that escape.
  if (line.indexOf('\\', close + 1) !== -1) return undefined;
  // The first occurrence after the fragment is the key: inside the session id string a quote is escaped.
  const valueAt = line.indexOf(PARENT, close) + PARENT.length;
  let parent: string | undefined;
  if (line.charCodeAt(valueAt) !== 0x6e /* n of null */) {
    parent = line.slice(valueAt + 1, line.indexOf('"', valueAt + 1));
  }
  return new CliDeltaEvent(line, index, partialJson, parent, state.messageId(parent ?? ''));
}
