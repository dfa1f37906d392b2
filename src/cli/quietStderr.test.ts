// stderr without --verbose holds warnings and errors a person reads, each one line: no "error … cancelled" for a
// title call Puffin ended itself, no raw model output (it is in the error object and the project's history).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeClaudeEnv, fakeClaudePath, type FakeClaudeMode } from '../../test/support/fakeCli';
import { QUIET_CONTEXT_CHARS } from './logContext';
import { runPuffin } from '../../test/support/cli/inProcessCli';

let project: string;
let userData: string;
beforeEach(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'puffin-cli-quiet-'));
  userData = await mkdtemp(path.join(os.tmpdir(), 'puffin-cli-quiet-user-'));
});
afterEach(async () => {
  await rm(project, { recursive: true, force: true });
  await rm(userData, { recursive: true, force: true });
});

const derive = (scenario: FakeClaudeMode, ...extra: string[]) =>
  runPuffin(['stories', 'derive', '--project', project, ...extra], {
    env: {
      PATH: process.env.PATH ?? '',
      PUFFIN_USER_DATA: userData,
      PUFFIN_CLAUDE_PATH: fakeClaudePath(),
      ...fakeClaudeEnv({
        scenario,
        output: { stories: [{ title: 'A', description: 'd', acceptanceCriteria: ['c'] }] },
      }),
      FAKE_CLAUDE_TITLE_SCENARIO: 'hang',
    },
    cwd: project,
    stdin: 'Let users export their data',
  });

describe('quiet stderr', () => {
  it('says nothing about the title call Puffin cancelled when the command ended', async () => {
    const r = await derive('happy');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });

  it('a failed call is one bounded line per log line, without the raw output; --verbose shows it', async () => {
    const quiet = await derive('crash-mid-stream');
    expect(quiet.code).toBe(1);
    expect(quiet.stderr).toContain('puffin error [llm.sendPrompt]: failed: crashed');
    expect(quiet.stderr).not.toContain('rawLines');
    for (const line of quiet.stderr.trim().split('\n'))
      expect(line.length).toBeLessThan(QUIET_CONTEXT_CHARS + 200);
    const verbose = await derive('crash-mid-stream', '--verbose');
    expect(verbose.stderr).toContain('"rawLines":["');
  });
});
