// Cancel of an implement run (the Board's Cancel): agent:cancelImplement stops the story's agent, the run answers
// `cancelled` and the CLI process it started is gone when it does. The fake Claude CLI hangs after its first line.
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallActivityEvent } from '../../src/shared/activity';
import { createFakeClaudeRoot } from '../support/fakeClaudeRoot';
import { fakeClaudeEnv, makeRecordFile, readFakeClaudeRecord } from '../support/fakeCli';
import { GIT_TEST_ENV } from '../support/gitFixture';
import { scratchDir } from '../support/scratchDir';
import { seedMcpProject } from './mcpWorld';
import type { Root } from '../../src/main/app/core';

let root: Root | undefined;
afterEach(async () => {
  await root?.dispose();
  root = undefined;
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('cancelling an implement run', () => {
  it('stops the agent: cancelled, with its process gone', async () => {
    const dir = scratchDir('puffin-implement-cancel-');
    const project = await seedMcpProject(dir);
    const git = (...args: string[]) =>
      execa('git', args, { cwd: dir, env: { ...process.env, ...GIT_TEST_ENV } });
    await git('init', '--quiet', '--initial-branch=main');
    await git('add', '-A');
    await git('commit', '--quiet', '-m', 'seed');
    const fake = await createFakeClaudeRoot(scratchDir('puffin-implement-root-'));
    root = fake.root;
    const record = makeRecordFile();
    Object.assign(fake.env, fakeClaudeEnv({ scenario: 'hang-after-init', recordFile: record }));
    expect((await root.dispatch('project:open', { path: dir }, { face: 'test' })).ok).toBe(true);

    const running = new Promise<void>((resolve) =>
      root!.onEvent((event, payload) => {
        if (event !== 'call:activity') return;
        const { activity, lines } = payload as CallActivityEvent;
        // The CLI's first line arrived: it runs (and recorded its pid before printing it).
        if (activity.callId === `implement-${project.ids.a}` && lines.length > 0) resolve();
      }),
    );
    const answer = root.dispatch('agent:implement', { story: project.ids.a }, { face: 'test' });
    await running;
    expect(await root.dispatch('agent:cancelImplement', { story: project.ids.a }, { face: 'test' })).toEqual({
      ok: true,
      value: { cancelled: true },
    });
    const r = await answer;
    expect(r.ok ? null : r.error.code).toBe('cancelled');
    const [call] = readFakeClaudeRecord(record);
    expect(alive(call!.pid)).toBe(false);
    // Nothing left to cancel.
    expect(await root.dispatch('agent:cancelImplement', { story: project.ids.a }, { face: 'test' })).toEqual({
      ok: true,
      value: { cancelled: false },
    });
  });
});
