// One retry budget per call: the CLI does not retry on its own, Puffin's retries are counted,
// reported with their wait, and bounded in time by the call's timeout.
import { describe, expect, it } from 'vitest';
import { ConcurrencyGate } from '../../llm/gate';
import type { PromptError } from '../../llm/errors';
import type { RetryNotice } from '../../llm/promptTypes';
import { engineSendPrompt } from '../../../../test/support/engineSendPrompt';
import type { Spawner } from './spawnCli';
import {
  memoryLogger,
  memorySpawner,
  transcript as t,
  type ScriptedRun,
} from '../../../../test/support/memorySpawner';

const SCHEMA = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };
const serverError: ScriptedRun = {
  stdout: t.lines(
    t.init(),
    t.result({ is_error: true, api_error_status: 500, result: 'API Error: 500 {"type":"api_error"}' }),
  ),
  exitCode: 1,
};

function setup(runs: ScriptedRun[], random = 0) {
  const { spawn, calls } = memorySpawner(runs);
  // Waits pass on this clock only: the time budget sees them, the test does not wait.
  let clock = 0;
  const envs: NodeJS.ProcessEnv[] = [];
  const recording: Spawner = (command, args, options) => {
    envs.push(options.env);
    return spawn(command, args, options);
  };
  const sendPrompt = engineSendPrompt({
    locate: async () => ({ path: '/x/claude', source: 'path', command: '/x/claude', argsPrefix: [] }),
    gate: new ConcurrencyGate(1),
    logger: memoryLogger().logger,
    settings: () => ({}),
    spawn: recording,
    // The user's own setting would multiply our retries by 11.
    env: () => ({ PATH: '/usr/bin', CLAUDE_CODE_MAX_RETRIES: '10' }),
    retry: {
      deps: { sleep: async (ms) => void (clock += ms), random: () => random, now: () => clock },
    },
  });
  return { sendPrompt, calls, envs };
}

describe('sendPrompt retry budget', () => {
  it('tells the CLI not to retry API errors by itself, whatever the environment says', async () => {
    const { sendPrompt, envs } = setup([
      serverError,
      { stdout: t.lines(t.init(), t.result({ structured_output: { name: 'A' } })) },
    ]);
    await sendPrompt({ workflow: 'cli-prompt', prompt: 'p', schema: SCHEMA });
    expect(envs.map((e) => e.CLAUDE_CODE_MAX_RETRIES)).toEqual(['0', '0']);
  });

  it('makes at most 4 attempts for a persistent 500, reporting each retry with its wait', async () => {
    const { sendPrompt, calls } = setup([serverError], 0.5);
    const notices: RetryNotice[] = [];
    const err = (await sendPrompt({
      workflow: 'cli-prompt',
      prompt: 'p',
      schema: SCHEMA,
      onRetry: (n) => notices.push(n),
    }).catch((e) => e)) as PromptError;
    expect(err).toMatchObject({ code: 'api_error', diagnostics: { attempts: 4 } });
    expect(calls).toHaveLength(4);
    // Full jitter at 0.5 of 1 s, 2 s, 4 s.
    expect(notices.map((n) => [n.attempt, n.maxAttempts, n.delayMs])).toEqual([
      [1, 4, 500],
      [2, 4, 1000],
      [3, 4, 2000],
    ]);
  });

  it('starts no retry that could not finish within the call timeout', async () => {
    // Timeout 7 s: after attempt 1 a 1 s wait leaves 6 s (enough for an attempt); after attempt 2 a 2 s wait
    // would leave 4 s, under the 5 s an attempt is given at least.
    const { sendPrompt, calls } = setup([serverError], 0.9999);
    const err = (await sendPrompt({
      workflow: 'cli-prompt',
      prompt: 'p',
      schema: SCHEMA,
      timeoutMs: 7000,
    }).catch((e) => e)) as PromptError;
    expect(err).toMatchObject({ code: 'api_error', diagnostics: { attempts: 2 } });
    expect(calls).toHaveLength(2);
  });
});
