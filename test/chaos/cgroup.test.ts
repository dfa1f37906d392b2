// A descendant that leaves the CLI's process group and clears its environment (so it carries no run marker) is
// still ended with its run where Puffin may make cgroups: the run's cgroup holds it whatever it does.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cgroupBase } from '../../src/main/engines/claude-cli/runCgroup';
import { fakeClaudeEnv, fakeClaudePath } from '../support/fakeCli';
import { harness, PERSON } from '../sendprompt/harness';

const dirs: string[] = [];
const stray: number[] = [];
afterEach(() => {
  for (const pid of stray.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone, as it should be.
    }
  }
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Dead, or a zombie waiting for init: either way it no longer runs. */
function running(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

describe.runIf((await cgroupBase()) !== null)('a run in a cgroup of its own', () => {
  it('ends a grandchild that called setsid and cleared its environment, after a successful run', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'puffin-cgroup-'));
    dirs.push(dir);
    const pidFile = path.join(dir, 'pids');
    const { sendPrompt } = harness({
      cliPath: fakeClaudePath(),
      env: {
        ...process.env,
        ...fakeClaudeEnv({ scenario: 'setsid-grandchild-then-happy', pidFile }),
        FAKE_CLAUDE_ENVLESS: '1',
      },
    });
    const r = await sendPrompt({ workflow: 'cli-prompt', prompt: 'Ada is 36.', schema: PERSON });
    expect(r.data).toEqual({ name: 'Ada', age: 36 });
    const pids = readFileSync(pidFile, 'utf8').split('\n').filter(Boolean).map(Number);
    stray.push(...pids);
    expect(pids).toHaveLength(1);
    expect(pids.filter(running)).toEqual([]);
  });
});
