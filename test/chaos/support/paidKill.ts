// One SIGKILL of Puffin in the grace after the CLI printed its result (the fake CLI prints the happy transcript and
// then hangs), then the next start of a face on the same project: what the history record became.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Generation } from '../../../src/shared/stories';
import { createRoot } from '../../../src/main/app/core';
import { fakeClaudeEnv, fakeClaudePath, makeRecordFile, readFakeClaudeRecord } from '../../support/fakeCli';
import { reap } from './processes';

const runner = fileURLToPath(new URL('./paidRunner.ts', import.meta.url));
export const PAID_STORY = {
  title: 'Share a recipe',
  description: 'As a cook I share.',
  acceptanceCriteria: ['A link'],
};

export interface PaidKill {
  /** The record when Puffin was killed (should be `running`). */
  before: Generation;
  /** The record after the next start. */
  after: Generation;
}

/** Resolves once `test` holds for the file's text, reading it again on each change of the folder's files. */
async function waitForText(path: string, test: (text: string) => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (test(await readFile(path, 'utf8').catch(() => ''))) return;
    if (Date.now() > end) throw new Error(`${path} never held what was waited for`);
    // Polled, as vi.waitFor does: the file is written by another process, which sends no event.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function paidKill(): Promise<PaidKill> {
  const dir = await mkdtemp(join(tmpdir(), 'puffin-paid-'));
  const project = join(dir, 'app');
  await mkdir(project);
  const recordFile = makeRecordFile();
  const env = {
    ...process.env,
    ...fakeClaudeEnv({ scenario: 'result-then-hang', recordFile, output: { stories: [PAID_STORY] } }),
  };
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', runner, project, join(dir, 'user'), fakeClaudePath()],
    { env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const history = join(project, '.puffin', 'local', 'history');
  let runId: string | undefined;
  try {
    // The result line is on disk and the CLI has not exited: Puffin is in its grace.
    await waitForText(join(history, 'paid.raw.jsonl.partial'), (t) => t.includes('"type":"result"'), 60_000);
    runId = readFakeClaudeRecord(recordFile)[0]?.runId;
    const before = JSON.parse(await readFile(join(history, 'paid.json'), 'utf8')) as Generation;
    child.kill('SIGKILL');
    await exited;
    const next = await createRoot({ userDataDir: join(dir, 'next'), platform: { face: 'cli' } });
    try {
      const opened = await next.dispatch('project:open', { path: project }, { face: 'test' });
      if (!opened.ok) throw new Error(`project:open: ${opened.error.code}`);
    } finally {
      await next.dispose();
    }
    const after = JSON.parse(await readFile(join(history, 'paid.json'), 'utf8')) as Generation;
    return { before, after };
  } finally {
    child.kill('SIGKILL');
    if (runId) await reap(runId);
    await rm(dir, { recursive: true, force: true });
  }
}
