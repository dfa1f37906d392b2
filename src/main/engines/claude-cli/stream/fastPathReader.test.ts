// The stream reader gives the same events with the fast path as without it, on every recorded transcript and on the
// streaming corpus fed as CLI delta lines in random chunks.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { rng } from '../../../../../test/support/rng';
import type { CliEvent } from './cliEvents';
import {
  cliDeltaLine,
  corpusFiles,
  corpusTranscript,
  fixtureDir,
  fixtureFiles,
  plain,
} from '../../../../../test/support/cliDeltaLines';
import { isCliDeltaEvent } from './cliDeltaEvent';
import { StreamJsonReader } from './streamJsonReader';

const encoder = new TextEncoder();

function readAll(
  text: string | Uint8Array,
  fastPath: boolean,
  chunkSeed?: number,
): Record<string, unknown>[] {
  const reader = new StreamJsonReader({ fastPath });
  const events: CliEvent[] = [];
  const bytes = typeof text === 'string' ? encoder.encode(text) : text;
  const next = rng(chunkSeed ?? 1);
  for (let i = 0; i < bytes.length;) {
    const n = chunkSeed === undefined ? 65536 : 1 + Math.floor(next() * 4096);
    events.push(...reader.push(bytes.subarray(i, i + n)));
    i += n;
  }
  events.push(...reader.end());
  return events.map(plain);
}

describe('StreamJsonReader with and without the fast path', () => {
  it.each(fixtureFiles)('%s: identical events', (file) => {
    const bytes = readFileSync(path.join(fixtureDir, file));
    expect(readAll(bytes, true, 3)).toEqual(readAll(bytes, false));
  });

  it.each(corpusFiles)('%s streamed as deltas: identical events', (file) => {
    const text = corpusTranscript(file);
    const fast = readAll(text, true, 5);
    expect(fast).toEqual(readAll(text, false));
    expect(
      fast.filter((e) => e.kind === 'stream_event' && (e.delta as { type?: string })?.type === 'input_json')
        .length,
    ).toBeGreaterThan(1000);
  });
});

/** What a reader hands over, events as plain objects and CLI delta lines as their fields. */
type Handed = Record<string, unknown> | { delta: unknown[] };

/**
 * Consecutive deltas of one block of one agent as one, their fragments joined: a sink gets a run of them (up to the
 * end of a chunk) in one call, so where the calls split depends on the chunking; this is what they say.
 */
function joinRuns(handed: Handed[]): Handed[] {
  const out: Handed[] = [];
  for (const h of handed) {
    const last = out.at(-1);
    if ('delta' in h && last && 'delta' in last) {
      const [i, text, parent, message] = h.delta as [number, string, unknown, unknown];
      const prev = last.delta as [number, string, unknown, unknown];
      if (prev[0] === i && prev[2] === parent && prev[3] === message) {
        out[out.length - 1] = { delta: [i, prev[1] + text, parent, message] };
        continue;
      }
    }
    out.push(h);
  }
  return out;
}

/** Reads with a sink (delta lines as fields), in the same chunks as readAll. */
function readToSink(bytes: Uint8Array, chunkSeed: number): Handed[] {
  const handed: Handed[] = [];
  const reader = new StreamJsonReader({
    sink: {
      event: (e) => handed.push(plain(e)),
      delta: (...fields) => handed.push({ delta: fields }),
    },
  });
  const next = rng(chunkSeed);
  for (let i = 0; i < bytes.length;) {
    const n = 1 + Math.floor(next() * 4096);
    expect(reader.push(bytes.subarray(i, i + n))).toEqual([]);
    i += n;
  }
  expect(reader.end()).toEqual([]);
  return handed;
}

/** Events as returned, the CLI delta events (read in place, isCliDeltaEvent) as the fields a sink gets. */
function expectedHandover(bytes: Uint8Array): Handed[] {
  const reader = new StreamJsonReader();
  return [...reader.push(bytes), ...reader.end()].map((e) =>
    e.kind === 'stream_event' && isCliDeltaEvent(e)
      ? {
          delta: [
            e.index,
            e.delta?.type === 'input_json' ? e.delta.partialJson : '',
            e.parentToolUseId,
            e.messageId,
          ],
        }
      : plain(e),
  );
}

describe('StreamJsonReader with a sink', () => {
  it.each(fixtureFiles)('%s: everything handed over in order, delta lines as their fields', (file) => {
    const bytes = readFileSync(path.join(fixtureDir, file));
    expect(joinRuns(readToSink(bytes, 7))).toEqual(joinRuns(expectedHandover(bytes)));
  });

  it.each(corpusFiles.slice(0, 3))('%s streamed as deltas: the same handover in random chunks', (file) => {
    const bytes = encoder.encode(corpusTranscript(file));
    const handed = readToSink(bytes, 9);
    const expected = expectedHandover(bytes);
    expect(joinRuns(handed)).toEqual(joinRuns(expected));
    // One call per run within a chunk (these chunks are up to 4 KB): far fewer calls than delta lines.
    const calls = handed.filter((h) => 'delta' in h).length;
    expect(calls).toBeGreaterThan(10);
    expect(calls).toBeLessThan(expected.filter((h) => 'delta' in h).length / 4);
  });

  it("hands a run of one block's delta lines over as one call, which another block, agent, line or chunk ends", () => {
    const message = (id: string) =>
      JSON.stringify({
        type: 'stream_event',
        event: { type: 'message_start', message: { id } },
        session_id: 's',
        parent_tool_use_id: null,
      });
    const handed: Handed[] = [];
    const reader = new StreamJsonReader({
      sink: {
        event: (e) => handed.push({ event: e.kind }),
        delta: (...fields) => handed.push({ delta: fields }),
      },
    });
    const lines = (...ls: string[]) => encoder.encode(ls.map((l) => l + '\n').join(''));
    reader.push(
      lines(
        message('m1'),
        cliDeltaLine('{"a', 1),
        cliDeltaLine('":', 2),
        cliDeltaLine('1', 3),
        cliDeltaLine('x', 4, 0, 'toolu_1'),
        cliDeltaLine('y', 5, 0, 'toolu_1'),
        cliDeltaLine('[', 6, 1),
        cliDeltaLine(',', 7),
        message('m2'),
        cliDeltaLine('{', 8),
        cliDeltaLine('}', 9),
      ),
    );
    reader.push(lines(cliDeltaLine('[', 10), cliDeltaLine(']', 11)));
    reader.end();
    expect(handed).toEqual([
      { event: 'stream_event' },
      { delta: [0, '{"a":1', undefined, 'm1'] },
      { delta: [0, 'xy', 'toolu_1', undefined] },
      { delta: [1, '[', undefined, 'm1'] },
      { delta: [0, ',', undefined, 'm1'] },
      { event: 'stream_event' },
      { delta: [0, '{}', undefined, 'm2'] },
      { delta: [0, '[]', undefined, 'm2'] },
    ]);
  });

  it('with rawLines, hands over each delta line verbatim as a raw line (CRLF dropped), across chunk boundaries', () => {
    const deltas = Array.from({ length: 500 }, (_, k) => cliDeltaLine(`é${k}\\"`, k, k % 7 === 0 ? 1 : 0));
    const bytes = Buffer.from(deltas.map((l, k) => l + (k % 5 === 0 ? '\r\n' : '\n')).join(''));
    const raw: string[] = [];
    const reader = new StreamJsonReader({
      rawLines: true,
      sink: { event: () => undefined, delta: (...fields) => raw.push(...(fields[4]?.all() ?? [])) },
    });
    for (let i = 0; i < bytes.length; i += 3000) reader.push(bytes.subarray(i, i + 3000));
    reader.end();
    expect(raw).toEqual(deltas);
  });
});
