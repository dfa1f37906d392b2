import { describe, expect, it } from 'vitest';
import type { RunOutcome } from '../engines/claude-cli/runCli';
import type { CliEvent, ResultEvent } from '../llm/stream';
import { agentOutcome } from './agentOutcome';

const result = (over: Partial<ResultEvent>): ResultEvent => ({
  kind: 'result',
  raw: {},
  subtype: 'success',
  isError: false,
  hasStructuredOutput: false,
  errors: [],
  costUsd: 0.25,
  ...over,
});

function run(events: CliEvent[], over: Partial<RunOutcome> = {}): RunOutcome {
  return {
    events,
    exit: { exitCode: 0, signal: null },
    endedBy: 'exit',
    stderrTail: '',
    rawTail: [],
    stdoutBytes: 0,
    durationMs: 10,
    runId: 'r',
    ...over,
  };
}

const failure = (r: RunOutcome) => {
  try {
    agentOutcome(r, '/nowhere/claude');
  } catch (error) {
    return error as { code: string; retryable: boolean; diagnostics: { costUsd?: number } };
  }
  throw new Error('no failure');
};

describe("a coding agent's round", () => {
  it('ends with its cost when the agent finished, or used up its turns or budget (the assertions judge)', () => {
    expect(agentOutcome(run([result({})]), 'claude')).toEqual({ costUsd: 0.25 });
    const turns = result({ subtype: 'error_max_turns', isError: true, costUsd: 1 });
    expect(agentOutcome(run([turns]), 'claude')).toEqual({ costUsd: 1 });
    const budget = result({ subtype: 'error_max_budget_usd', isError: true, costUsd: 2 });
    expect(agentOutcome(run([budget]), 'claude')).toEqual({ costUsd: 2 });
  });

  it('marks transient API failures retryable, and keeps what the failed attempt cost', () => {
    const overloaded = failure(
      run([result({ isError: true, resultText: 'API Error: 529 overloaded', costUsd: 0.01 })], {
        exit: { exitCode: 1, signal: null },
      }),
    );
    expect(overloaded).toMatchObject({ code: 'overloaded', retryable: true, diagnostics: { costUsd: 0.01 } });
    const server = failure(
      run([result({ isError: true, resultText: 'API Error: 500 Internal server error' })]),
    );
    expect(server).toMatchObject({ code: 'api_error', retryable: true });
  });

  it('does not retry what waiting cannot fix', () => {
    const login = failure(
      run([result({ isError: true, resultText: 'Invalid API key · Please run /login' })]),
    );
    expect(login).toMatchObject({ code: 'not_logged_in', retryable: false });
    const crashed = failure(run([], { exit: { exitCode: 137, signal: null } }));
    expect(crashed).toMatchObject({ code: 'crashed', retryable: false });
    expect(failure(run([], { endedBy: 'cancelled' }))).toMatchObject({ code: 'cancelled' });
    const missing = failure(
      run([], { endedBy: 'spawn_error', exit: { exitCode: null, signal: null, errorCode: 'ENOENT' } }),
    );
    expect(missing).toMatchObject({ code: 'cli_not_found', retryable: false });
  });
});
