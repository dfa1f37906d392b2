// One run of the fake CLI that leaves a grandchild which called setsid and cleared its environment (no run marker):
// the answer, and the grandchild's pids with whether each still runs after the run ended.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { harness, PERSON } from '../../sendprompt/harness';
import { fakeClaudeEnv, fakeClaudePath } from '../../support/fakeCli';

/** Dead, or a zombie waiting for init: either way it no longer runs. */
export function stillRuns(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

export async function runWithEscapedGrandchild(dir: string, tag: string) {
  const pidFile = join(dir, `pids-${tag}`);
  const env = {
    ...fakeClaudeEnv({ scenario: 'setsid-grandchild-then-happy', pidFile }),
    FAKE_CLAUDE_ENVLESS: '1',
  };
  const { sendPrompt } = harness({ cliPath: fakeClaudePath(), env: { ...process.env, ...env } });
  const answer = await sendPrompt({ workflow: 'cli-prompt', prompt: 'Ada is 36.', schema: PERSON });
  const pids = readFileSync(pidFile, 'utf8').split('\n').filter(Boolean).map(Number);
  return { answer, pids, running: pids.filter(stillRuns) };
}

/** SIGKILLs what a failed check left running. */
export function killAll(pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone, as it should be.
    }
  }
}
