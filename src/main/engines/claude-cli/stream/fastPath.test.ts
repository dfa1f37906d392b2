// Differential tests for the reader's fast paths: parseInputJsonDelta must give exactly what JSON.parse gives (or
// decline), cliDeltaEvent the event that decoding JSON.parse's object gives (or decline), and the reader must give
// identical events with and without it (fastPathReader.test.ts). The LineSplitter's own tests are in lineSplitter.test.ts.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parseInputJsonDelta } from './fastDelta';
import { cliDeltaEvent, cliDeltaEventAt } from './cliDeltaEvent';
import { DecodeState, toCliEvents } from './toCliEvents';
import { rng } from '../../../../../test/support/rng';
import {
  cliDeltaLine,
  corpusFiles,
  fixtureDir,
  fixtureFiles,
  fragments,
  plain,
  streamingDir,
  mutated,
} from '../../../../../test/support/cliDeltaLines';

/** The property every line must have: the fast path declines, or agrees with JSON.parse on keys, order, values. */
function expectAgrees(line: string): boolean {
  const fast = parseInputJsonDelta(line);
  let slow: unknown;
  try {
    slow = JSON.parse(line);
  } catch {
    expect(fast, line).toBeUndefined();
    return false;
  }
  if (fast === undefined) return false;
  // Checked cheaply first (the corpus has tens of thousands of lines); expect() only to report a difference.
  if (!isDeepStrictEqual(fast, slow)) expect(fast, line).toStrictEqual(slow);
  expect(JSON.stringify(fast) === JSON.stringify(slow), `key order of ${line}`).toBe(true);
  return true;
}

/** cliDeltaEvent declines, or gives the event JSON.parse + decoding gives, keeping the line verbatim. */
function expectEventAgrees(line: string, parent: string | null = null): boolean {
  const fastState = new DecodeState();
  const slowState = new DecodeState();
  for (const state of [fastState, slowState]) state.startMessage(parent ?? '', 'msg_1');
  const fast = cliDeltaEvent(line, fastState);
  // The reader's way: in place, inside a chunk whose neighbouring text (a CRLF, escapes, closers) must not count.
  const inPlaceState = new DecodeState();
  inPlaceState.startMessage(parent ?? '', 'msg_1');
  const before = '{"type":"x"}\n';
  const chunk = `${before}${line}\r\n"}}\\",\\"uuid\\":"u"}`;
  const inPlace = cliDeltaEventAt(chunk, before.length, before.length + line.length, inPlaceState);
  expect(inPlace === undefined, `in place: ${line}`).toBe(fast === undefined);
  if (fast === undefined) return false;
  expect(plain(inPlace!)).toStrictEqual(plain(fast));
  expect(inPlace!.line).toBe(line);
  const slow = toCliEvents(JSON.parse(line) as Record<string, unknown>, slowState);
  const expected = slow.map(plain);
  const actual = [plain(fast)];
  if (!isDeepStrictEqual(actual, expected)) expect(actual, line).toStrictEqual(expected);
  expect(fast.line).toBe(line);
  expect(JSON.stringify(fast.raw) === JSON.stringify(JSON.parse(line)), `key order of ${line}`).toBe(true);
  return true;
}

describe('parseInputJsonDelta', () => {
  it('agrees with JSON.parse on every line of every recorded transcript, and takes the CLI delta lines', () => {
    let deltas = 0;
    let taken = 0;
    for (const file of fixtureFiles) {
      for (const line of readFileSync(path.join(fixtureDir, file), 'utf8').split('\n')) {
        if (line.includes('"input_json_delta"')) deltas++;
        if (expectAgrees(line)) taken++;
      }
    }
    expect(deltas).toBeGreaterThan(0);
    expect(taken).toBe(deltas);
  });

  it('agrees with JSON.parse on the streaming corpus (unicode, escapes, split surrogate pairs)', () => {
    let lines = 0;
    for (const file of corpusFiles) {
      const text = readFileSync(path.join(streamingDir, file), 'utf8');
      fragments(text, 7).forEach((f, k) => {
        const line = cliDeltaLine(f, k, k % 3, k % 5 === 0 ? 'toolu_parent' : null);
        expect(expectAgrees(line), line).toBe(true);
        lines++;
      });
    }
    expect(lines).toBeGreaterThan(10_000);
  });

  it('declines every other shape, which JSON.parse then decodes the same way', () => {
    const pj = '{\\"a\\":\\"x\\u00e9\\ud83d\\"';
    const tail = `"session_id":"s","parent_tool_use_id":null,"uuid":"u"`;
    const declined = [
      // Other key orders, at every level.
      `{"event":{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"${pj}"}},"type":"stream_event",${tail}}`,
      `{"type":"stream_event","event":{"index":0,"type":"content_block_delta","delta":{"type":"input_json_delta","partial_json":"${pj}"}},${tail}}`,
      `{"type":"stream_event","event":{"type":"content_block_delta","delta":{"type":"input_json_delta","partial_json":"${pj}"},"index":0},${tail}}`,
      `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"partial_json":"${pj}","type":"input_json_delta"}},${tail}}`,
      // Whitespace, other numbers, other values, other deltas.
      `{"type": "stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"x"}}}`,
      `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"x"}} }`,
      `{"type":"stream_event","event":{"type":"content_block_delta","index":1.0,"delta":{"type":"input_json_delta","partial_json":"x"}}}`,
      `{"type":"stream_event","event":{"type":"content_block_delta","index":1e2,"delta":{"type":"input_json_delta","partial_json":"x"}}}`,
      `{"type":"stream_event","event":{"type":"content_block_delta","index":-1,"delta":{"type":"input_json_delta","partial_json":"x"}}}`,
      `{"type":"stream_event","event":{"type":"content_block_delta","index":12345678901,"delta":{"type":"input_json_delta","partial_json":"x"}}}`,
      `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"x"}},"ttft_ms":19}`,
      `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"x"}},"s":true}`,
      `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"x"}},"s-id":"a"}`,
      `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"x","extra":1}}}`,
      `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"x"}}}`,
      // Keys that would override the prefix, or that assignment treats differently from JSON.parse.
      `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"x"}},"type":"other"}`,
      `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"x"}},"event":null}`,
      `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"x"}},"__proto__":"p"}`,
    ];
    const garbage = [
      `{"type":"stream_event","event":{"type":"content_block_delta","index":01,"delta":{"type":"input_json_delta","partial_json":"x"}}}`,
      `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"a\tb"}}}`,
      `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"a\\xb"}}}`,
      `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"\\u12"}}}`,
      `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"x\\"}}}`,
      `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"x"}},"a":"\\q"}`,
      `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"x"}}`,
      `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"x"}}}}`,
      `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"x"}},}`,
      `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"x"}},"a"}`,
    ];
    for (const line of [...declined, ...garbage]) {
      expect(cliDeltaEvent(line, new DecodeState()), line).toBeUndefined();
    }
    for (const line of declined) {
      expect(parseInputJsonDelta(line), line).toBeUndefined();
      expect(() => JSON.parse(line), line).not.toThrow();
    }
    for (const line of garbage) {
      expect(parseInputJsonDelta(line), line).toBeUndefined();
      expect(() => JSON.parse(line), line).toThrow();
    }
  });

  it('takes escapes, unicode, subagent ids, repeated members and other member names, exactly as JSON.parse', () => {
    const prefix =
      '{"type":"stream_event","event":{"type":"content_block_delta","index":7,"delta":{"type":"input_json_delta","partial_json":';
    const lines = [
      `${prefix}""}}}`,
      `${prefix}"\\"\\\\\\/\\b\\f\\n\\r\\t\\u0041\\u00e9\\ud83d\\ude80\\ud800 \\udfff"}}}`,
      `${prefix}"é 🐦 \u2028\u2029 \ud800"}},"session_id":"s","parent_tool_use_id":"toolu_01","uuid":"u"}`,
      `${prefix}"\\\\"}},"a":"\\\\\\"","b":null}`,
      `${prefix}"x"}},"session_id":"a","session_id":"b","parent_tool_use_id":null,"parent_tool_use_id":"p"}`,
      `${prefix}"x"}},"uuid":"u","session_id":"s","constructor":"c","toString":null,"hasOwnProperty":"h"}`,
      `${prefix}"}}},\\"type\\":\\"x\\"}"}},"session_id":"}}\\"}"}`,
    ];
    for (const line of lines) expect(expectAgrees(line), line).toBe(true);
    // The exact CLI envelope (session_id, parent_tool_use_id, optional uuid) is also taken by cliDeltaEvent.
    expect(expectEventAgrees(lines[2]!, 'toolu_01')).toBe(true);
    expect(expectEventAgrees(`${prefix}"x"}},"session_id":"a,:b","parent_tool_use_id":null}`)).toBe(true);
    // A fragment with escapes whose text looks like the envelope: it ends at its first unescaped quote.
    const lookalike = `${prefix}"\\"}},\\"session_id\\":\\"x\\"}"}},"session_id":"s","parent_tool_use_id":null}`;
    expect(expectEventAgrees(lookalike)).toBe(true);
    expect(cliDeltaEvent(lookalike, new DecodeState())?.delta).toEqual({
      type: 'input_json',
      partialJson: '"}},"session_id":"x"}',
    });
    // Repeated or extra members, and envelope strings with escapes: left to the general path.
    const general = [
      lines[3]!,
      lines[4]!,
      lines[5]!,
      `${prefix}"x"}},"session_id":"s\\",\\"parent_tool_use_id\\":\\"no","parent_tool_use_id":null}`,
    ];
    for (const line of general) {
      expect(expectEventAgrees(line), line).toBe(false);
      expect(expectAgrees(line), line).toBe(true);
    }
  });

  it('takes every CLI delta line of the recorded transcripts as a CLI delta event, equal to the slow decoding', () => {
    let taken = 0;
    for (const file of fixtureFiles) {
      for (const line of readFileSync(path.join(fixtureDir, file), 'utf8').split('\n')) {
        if (!line.includes('"input_json_delta"')) continue;
        expect(expectEventAgrees(line), `${file}: ${line}`).toBe(true);
        taken++;
      }
    }
    expect(taken).toBeGreaterThan(0);
  });

  it('reads a line in place only within its span', () => {
    const line = cliDeltaLine('{"a":"b\\"', 5);
    const state = new DecodeState();
    expect(cliDeltaEventAt(`${line}}`, 0, line.length, state)?.line).toBe(line);
    // The span holds more than the delta (trailing text): not this shape, so the general path decides.
    expect(cliDeltaEventAt(`${line} `, 0, line.length + 1, state)).toBeUndefined();
    // The span is shorter than the delta: neither.
    expect(cliDeltaEventAt(line, 0, line.length - 1, state)).toBeUndefined();
    expect(cliDeltaEventAt(`x${line}`, 0, line.length + 1, state)).toBeUndefined();
  });

  it('declines or agrees on thousands of random mutations of CLI delta lines', () => {
    const next = rng(42);
    const seeds = [
      cliDeltaLine('{"stories":[{"title":"A \\"quoted\\" é', 3),
      cliDeltaLine('', 0, 12, 'toolu_9'),
      '{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"ab"}},"session_id":"s","parent_tool_use_id":null}',
    ];
    let taken = 0;
    let takenAsEvent = 0;
    for (let n = 0; n < 30_000; n++) {
      let line = seeds[n % seeds.length]!;
      const edits = 1 + Math.floor(next() * 3);
      for (let e = 0; e < edits; e++) line = mutated(line, next);
      if (expectAgrees(line)) taken++;
      if (expectEventAgrees(line)) takenAsEvent++;
    }
    expect(taken).toBeGreaterThan(1000); // many mutations only touch the fragment or a value
    expect(takenAsEvent).toBeGreaterThan(1000);
  });
});
