// A descendant that leaves the CLI's process group and clears its environment (so it carries no run marker) is
// still ended with its run where Puffin may make cgroups: the run's cgroup holds it whatever it does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cgroupBase } from '../../src/main/engines/claude-cli/runCgroup';
import { killAll, runWithEscapedGrandchild } from './support/escapedGrandchild';

const dirs: string[] = [];
const stray: number[] = [];
afterEach(() => {
  killAll(stray.splice(0));
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe.runIf((await cgroupBase()) !== null)('a run in a cgroup of its own', () => {
  it('ends a grandchild that called setsid and cleared its environment, after a successful run', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'puffin-cgroup-'));
    dirs.push(dir);
    const { answer, pids, running } = await runWithEscapedGrandchild(dir, 'test');
    stray.push(...pids);
    expect(answer.data).toEqual({ name: 'Ada', age: 36 });
    expect(pids).toHaveLength(1);
    expect(running).toEqual([]);
  });
});
