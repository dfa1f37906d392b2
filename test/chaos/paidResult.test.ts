// A paid result is never dropped: Puffin SIGKILLed in the grace after the CLI printed its result (the CLI hangs
// instead of exiting) leaves a `running` record and the result line in the raw lines on disk; the next start of
// any face makes the record that result, with its cost, rather than `interrupted` with no cost.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Generation } from '../../src/shared/stories';
import { createRoot } from '../../src/main/core/core';
import { canScanMarkers } from '../../src/main/engines/claude-cli/runMarker';
import { fakeClaudeEnv, fakeClaudePath, makeRecordFile, readFakeClaudeRecord } from '../support/fakeCli';
import { reap } from './support/processes';

const runner = fileURLToPath(new URL('./support/paidRunner.ts', import.meta.url));
const STORY = { title: 'Share a recipe', description: 'As a cook I share.', acceptanceCriteria: ['A link'] };

let dir: string;
const runIds: string[] = [];
afterEach(async () => {
  for (const id of runIds.splice(0)) await reap(id);
  await rm(dir, { recursive: true, force: true });
});

describe.runIf(canScanMarkers())('a paid result is never dropped', () => {
  it('SIGKILL after the CLI printed its result: the next start stores that result and its cost', async () => {
    dir = await mkdtemp(join(tmpdir(), 'puffin-paid-'));
    const project = join(dir, 'app');
    await mkdir(project);
    const recordFile = makeRecordFile();
    const env = {
      ...process.env,
      ...fakeClaudeEnv({ scenario: 'result-then-hang', recordFile, output: { stories: [STORY] } }),
    };
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', runner, project, join(dir, 'user'), fakeClaudePath()],
      {
        env,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_c, s) => resolve(s)));
    const partial = join(project, '.puffin', 'history', 'paid.raw.jsonl.partial');
    // The result line is on disk and the CLI has not exited: Puffin is in its grace.
    await vi.waitFor(
      async () => expect(await readFile(partial, 'utf8').catch(() => '')).toContain('"type":"result"'),
      { timeout: 60_000, interval: 50 },
    );
    const runId = readFakeClaudeRecord(recordFile)[0]?.runId;
    if (runId) runIds.push(runId);
    const before = JSON.parse(
      await readFile(join(project, '.puffin', 'history', 'paid.json'), 'utf8'),
    ) as Generation;
    expect(before.status).toBe('running');
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    const next = await createRoot({ userDataDir: join(dir, 'next'), platform: { face: 'cli' } });
    try {
      expect((await next.dispatch('project:open', { path: project }, { face: 'test' })).ok).toBe(true);
      const stored = JSON.parse(
        await readFile(join(project, '.puffin', 'history', 'paid.json'), 'utf8'),
      ) as Generation;
      expect(stored.status).toBe('succeeded');
      expect(stored.meta.costUsd).toBeGreaterThan(0);
      expect(stored.stories).toEqual([{ ...STORY, locked: false }]);
      expect(stored.owner).toBeUndefined();
    } finally {
      await next.dispose();
    }
  }, 120_000);
});
