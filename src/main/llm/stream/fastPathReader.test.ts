// The stream reader gives the same events with the fast path as without it, on every recorded transcript and on the
// streaming corpus fed as CLI delta lines in random chunks.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { rng } from '../../../../test/support/rng';
import type { CliEvent } from './cliEvents';
import { corpusFiles, corpusTranscript, fixtureDir, fixtureFiles, plain } from './fastPathTesting';
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
