// CLI processes must not outlive their run or Puffin (and 4), proven with real processes: the
// fake CLI starts grandchildren (in its group, or in a session of their own through setsid), and whatever is left
// is looked for by the run marker in the environment (PUFFIN_RUN_ID), not by name.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { PromptError } from '../../src/main/llm/errors';
import { canScanMarkers } from '../../src/main/engines/claude-cli/runMarker';
import {
  fakeClaudeEnv,
  fakeClaudePath,
  makeRecordFile,
  readFakeClaudeRecord,
  type FakeClaudeOptions,
} from '../support/fakeCli';
import { harness } from '../sendprompt/harness';
import { reap, survivorsAfter } from './support/processes';

const PERSON = {
  type: 'object',
  properties: { name: { type: 'string' }, age: { type: 'integer' } },
  required: ['name', 'age'],
};
const repo = fileURLToPath(new URL('../../', import.meta.url));

const runIds: string[] = [];
afterEach(async () => {
  for (const id of runIds.splice(0)) await reap(id);
});

function fake(options: FakeClaudeOptions) {
  const recordFile = makeRecordFile();
  const { sendPrompt, logLines } = harness({
    cliPath: fakeClaudePath(),
    env: { ...process.env, ...fakeClaudeEnv({ ...options, recordFile }) },
  });
  const runId = () => {
    const id = readFakeClaudeRecord(recordFile)[0]?.runId;
    if (!id) throw new Error('the fake CLI recorded no run marker');
    runIds.push(id);
    return id;
  };
  const call = (extra: { timeoutMs?: number; signal?: AbortSignal } = {}) =>
    sendPrompt({ workflow: 'cli-prompt', prompt: 'Ada is 36.', schema: PERSON, ...extra });
  const started = () => readFakeClaudeRecord(recordFile).length > 0;
  return { call, runId, started, logLines };
}

describe.runIf(canScanMarkers())('a finished, paid-for result is never thrown away', () => {
  it('uses the result of a CLI that prints it and then hangs, and leaves nothing running', async () => {
    const { call, runId, logLines } = fake({ scenario: 'result-then-hang' });
    const started = Date.now();
    const r = await call({ timeoutMs: 120_000 });
    expect(r.data).toEqual({ name: 'Ada', age: 36 });
    // The result grace (3 s) and the kill, not the 120 s timeout.
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(logLines.some((l) => /did not exit after its result/.test(l.message))).toBe(true);
    expect(await survivorsAfter(runId(), 5000)).toEqual([]);
  });

  it.each(['grandchild-holds-stdout', 'setsid-grandchild-holds-stdout'] as const)(
    'uses the result when the CLI exits 0 while a grandchild holds stdout (%s)',
    async (scenario) => {
      const { call, runId } = fake({ scenario });
      const started = Date.now();
      const r = await call({ timeoutMs: 120_000 });
      expect(r.data).toEqual({ name: 'Ada', age: 36 });
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(await survivorsAfter(runId(), 5000)).toEqual([]);
    },
  );
});

describe.runIf(canScanMarkers())('no descendant outlives its run', () => {
  it('kills a grandchild that called setsid, after a successful run', async () => {
    const { call, runId } = fake({ scenario: 'setsid-grandchild-then-happy' });
    expect((await call()).data).toEqual({ name: 'Ada', age: 36 });
    expect(await survivorsAfter(runId(), 5000)).toEqual([]);
  });

  it.each(['grandchild-hang', 'setsid-grandchild-hang'] as const)(
    'kills every descendant on timeout and on cancel (%s)',
    async (scenario) => {
      const timedOut = fake({ scenario });
      const err = (await timedOut.call({ timeoutMs: 1500 }).catch((e) => e)) as PromptError;
      expect(err.code).toBe('timeout');
      expect(await survivorsAfter(timedOut.runId(), 5000)).toEqual([]);

      const cancelled = fake({ scenario });
      const controller = new AbortController();
      const pending = cancelled.call({ signal: controller.signal }).catch((e: PromptError) => e);
      await expect.poll(cancelled.started, { timeout: 10_000 }).toBe(true);
      controller.abort();
      expect(((await pending) as PromptError).code).toBe('cancelled');
      expect(await survivorsAfter(cancelled.runId(), 5000)).toEqual([]);
    },
  );
});

describe.runIf(canScanMarkers())('CLI processes die with Puffin', () => {
  it.each([
    ['grandchild-hang', 'Puffin'],
    ['setsid-grandchild-hang', 'Puffin'],
    ['setsid-grandchild-hang', "Puffin's whole process group"],
  ] as const)(
    'SIGKILL leaves no process of the run behind (%s, SIGKILL to %s): the watchdog reaps them',
    async (scenario, target) => {
      const recordFile = makeRecordFile();
      const driver = spawn(process.execPath, ['--import', 'tsx', 'test/chaos/support/runDriver.ts'], {
        cwd: repo,
        env: { ...process.env, ...fakeClaudeEnv({ scenario, recordFile }) },
        stdio: ['ignore', 'pipe', 'inherit'],
        // Its own process group, as a shell gives a job, so that the group can be killed at once.
        detached: true,
      });
      await new Promise<void>((resolve, reject) => {
        driver.stdout.on('data', (c: Buffer) => c.toString().includes('started') && resolve());
        driver.once('exit', (code) => reject(new Error(`driver exited (${code}) before the CLI started`)));
      });
      const [run] = readFakeClaudeRecord(recordFile);
      runIds.push(run!.runId!);
      if (target === 'Puffin') driver.kill('SIGKILL');
      else process.kill(-driver.pid!, 'SIGKILL');
      expect(await survivorsAfter(run!.runId!, 10_000)).toEqual([]);
    },
  );
});

describe.runIf(canScanMarkers())('headless puffin prompt on SIGHUP (terminal closed)', () => {
  it('ends the run like Ctrl-C: one JSON error object, exit 1, nothing left running', async () => {
    const recordFile = makeRecordFile();
    const dir = path.dirname(recordFile);
    const schema = path.join(dir, 'schema.json');
    writeFileSync(schema, JSON.stringify(PERSON));
    const puffin = spawn(process.execPath, ['bin/puffin.cjs', 'prompt', '--schema', schema], {
      cwd: repo,
      env: {
        ...process.env,
        PUFFIN_CLAUDE_PATH: fakeClaudePath(),
        ...fakeClaudeEnv({ scenario: 'setsid-grandchild-hang', recordFile }),
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    puffin.stdin.end('Ada is 36.');
    let stdout = '';
    puffin.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    const exited = new Promise<number | null>((r) => puffin.once('exit', (code) => r(code)));
    await expect.poll(() => readFakeClaudeRecord(recordFile).length, { timeout: 20_000 }).toBe(1);
    const runId = readFakeClaudeRecord(recordFile)[0]!.runId!;
    runIds.push(runId);
    puffin.kill('SIGHUP');
    expect(await exited).toBe(1);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    // Only the error object; its details (e.g. the signal the CLI was stopped with) may follow the message.
    expect(Object.keys(JSON.parse(lines[0]!))).toEqual(['error']);
    expect(JSON.parse(lines[0]!).error).toMatchObject({ code: 'cancelled', message: expect.any(String) });
    expect(await survivorsAfter(runId, 5000)).toEqual([]);
  });
});
