import type { RawLine } from './cliEvents';

/**
 * Fast path for the commonest stream-json line: a `stream_event` carrying one `input_json_delta` fragment (with
 * --include-partial-messages a large answer is thousands of them, each a few bytes of payload in ~200 bytes of
 * envelope). It recognises exactly the compact shape the CLI prints,
 *
 *   {"type":"stream_event","event":{"type":"content_block_delta","index":N,"delta":{"type":"input_json_delta",
 *    "partial_json":"..."}},"k1":"v1"|null,"k2":...}
 *
 * and builds the same object JSON.parse would (same keys, same order, same values). Anything else (another key
 * order, whitespace, a number that is not a plain integer, a trailing value that is not a string or null, a bad
 * escape, a control character, a reserved trailing key) returns undefined and the caller falls back to JSON.parse.
 * It never decides on key order: a line it declines is still decoded, only more slowly.
 */
export const PREFIX = '{"type":"stream_event","event":{"type":"content_block_delta","index":';
export const DELTA = ',"delta":{"type":"input_json_delta","partial_json":"';
/** Deltas are small; a long line goes to JSON.parse rather than through a regex's backtracking stack. */
export const MAX_LINE = 64 * 1024;

/**
 * A JSON string literal without raw control characters (an escape is validated when the literal is parsed).
 * Written as an unrolled loop (a run of plain characters, then escape + run, ...) rather than an alternation
 * repeated per character, so plain runs match in a tight loop without a backtrack entry per character.
 */
export const STRING = String.raw`"[^"\\\x00-\x1f]*(?:\\[^\x00-\x1f][^"\\\x00-\x1f]*)*"`;
/**
 * The whole accepted shape, checked natively before any extraction: the fixed prefix, an integer index (no sign,
 * fraction, exponent or leading zero, at most 9 digits), the partial_json literal, then members whose keys are
 * plain words and whose values are strings or null.
 */
const SHAPE = new RegExp(
  String.raw`^\{"type":"stream_event","event":\{"type":"content_block_delta","index":(?:0|[1-9][0-9]{0,8}),` +
    String.raw`"delta":\{"type":"input_json_delta","partial_json":${STRING}\}\}` +
    String.raw`(?:,"[A-Za-z0-9_]+":(?:null|${STRING}))*\}$`,
);

/** Index of the quote closing the literal whose opening quote is at `open` (the shape is already checked). */
export function closingQuote(line: string, open: number): number {
  let q = line.indexOf('"', open + 1);
  for (;;) {
    let backslashes = 0;
    while (line.charCodeAt(q - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return q;
    q = line.indexOf('"', q + 1);
  }
}

/** The value of the literal from `open` to `close` (its quotes), or undefined if an escape is invalid. */
export function stringValue(line: string, open: number, close: number): string | undefined {
  const backslash = line.indexOf('\\', open + 1);
  if (backslash === -1 || backslash > close) return line.slice(open + 1, close);
  return literalValue(line, open, close);
}

/** The value of the literal from `open` to `close` by JSON's own escape rules, or undefined if one is invalid. */
export function literalValue(text: string, open: number, close: number): string | undefined {
  try {
    // Only the small literal is parsed (\uXXXX, surrogates, \/ ...).
    return JSON.parse(text.slice(open, close + 1)) as string;
  } catch {
    return undefined;
  }
}

/**
 * The envelope members of the previous line, as text and as parsed: the CLI repeats most of them verbatim on every
 * line (session_id, parent_tool_use_id), so a member found again at the same place is reused instead of re-sliced
 * and re-parsed. Reusing is exact: the cached text is a whole `,"key":value` member, and the shape check already
 * proved that a member at this position ends where that text ends.
 */
const previousText: string[] = [];
const previousKey: string[] = [];
const previousValue: (string | null)[] = [];

/**
 * The parsed line if it is an input_json_delta stream_event in the CLI's exact compact shape, else undefined
 * (then JSON.parse decides, including whether the line is garbage).
 */
export function parseInputJsonDelta(line: string): RawLine | undefined {
  // Anchored, so a line of another kind fails at its first differing character.
  if (line.length > MAX_LINE || !SHAPE.test(line)) return undefined;

  const digits = PREFIX.length;
  const digitsEnd = line.indexOf(',', digits);
  let index = 0;
  for (let i = digits; i < digitsEnd; i++) index = index * 10 + (line.charCodeAt(i) - 0x30);

  const open = digitsEnd + DELTA.length - 1;
  const close = closingQuote(line, open);
  const partialJson = stringValue(line, open, close);
  if (partialJson === undefined) return undefined;

  const raw: RawLine = {
    type: 'stream_event',
    event: {
      type: 'content_block_delta',
      index,
      delta: { type: 'input_json_delta', partial_json: partialJson },
    },
  };

  // The envelope's other members (session_id, parent_tool_use_id, uuid...), already known to be well formed.
  const last = line.length - 1;
  let i = close + 3; // past `"}}`
  for (let m = 0; i < last; m++) {
    const cached = previousText[m];
    if (cached !== undefined && line.indexOf(cached, i) === i) {
      raw[previousKey[m]!] = previousValue[m]!;
      i += cached.length;
      continue;
    }
    const keyEnd = line.indexOf('"', i + 2);
    const key = line.slice(i + 2, keyEnd);
    // A repeated "type" or "event" would override what the prefix said (JSON.parse keeps the last value), and
    // "__proto__" is an own property for JSON.parse but a prototype change for assignment: leave them to it.
    if (key === 'type' || key === 'event' || key === '__proto__') return undefined;
    const valueStart = keyEnd + 2;
    let value: string | null;
    let end: number;
    if (line.charCodeAt(valueStart) === 0x6e) {
      value = null; // `null`
      end = valueStart + 4;
    } else {
      const close = closingQuote(line, valueStart);
      const s = stringValue(line, valueStart, close);
      if (s === undefined) return undefined;
      value = s;
      end = close + 1;
    }
    raw[key] = value;
    previousText[m] = line.slice(i, end);
    previousKey[m] = key;
    previousValue[m] = value;
    i = end;
  }
  return raw;
}
