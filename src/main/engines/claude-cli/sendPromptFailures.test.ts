// sendPrompt over a scripted CLI when things go wrong: retries, login, a refused schema, crashes, cancel, a missing
// CLI, usage limits. Each failure is typed and says what the user can do.
import { describe, expect, it } from 'vitest';
import { ConcurrencyGate } from '../../llm/gate';
import { PromptError } from '../../llm/errors';
import { transcript as t } from '../../../../test/support/memorySpawner';
import { PERSON, setup, happy } from '../../../../test/support/scriptedCliSendPrompt';

describe('sendPrompt failures', () => {
  it('retries transient API failures outside the gate, then succeeds', async () => {
    const overloaded = {
      stdout: t.lines(
        t.init(),
        t.result({ is_error: true, result: 'API Error: 529 {"type":"overloaded_error"}' }),
      ),
      exitCode: 1,
    };
    const { sendPrompt, calls, lines } = setup([overloaded, overloaded, happy({ name: 'Ada' })]);
    const result = await sendPrompt({ workflow: 'cli-prompt', prompt: 'p', schema: PERSON });
    expect(result.data).toEqual({ name: 'Ada' });
    expect(calls).toHaveLength(3);
    expect(lines.filter((l) => /retrying after overloaded/.test(l.message))).toHaveLength(2);
  });

  it('fails at once, typed, when not logged in', async () => {
    const run = {
      stdout: t.lines(t.init(), t.result({ is_error: true, result: 'Not logged in · Please run /login' })),
      exitCode: 1,
    };
    const { sendPrompt, calls } = setup([run]);
    await expect(sendPrompt({ workflow: 'cli-prompt', prompt: 'p', schema: PERSON })).rejects.toMatchObject({
      code: 'not_logged_in',
      message: expect.stringContaining('Run `claude` in a terminal and use /login'),
      diagnostics: { exitCode: 1, resultSubtype: 'success', cliVersion: '2.1.330' },
    });
    expect(calls).toHaveLength(1);
  });

  it('reports a CLI that refuses the schema as invalid_schema, from its stderr', async () => {
    const run = {
      stdout: '',
      stderr: 'Error: --json-schema is not a valid JSON Schema: data/type must be equal\n',
      exitCode: 1,
    };
    // A schema our ajv accepts but this CLI build does not (e.g. a format keyword it does not know).
    const { sendPrompt } = setup([run]);
    await expect(sendPrompt({ workflow: 'cli-prompt', prompt: 'p', schema: PERSON })).rejects.toMatchObject({
      code: 'invalid_schema',
      diagnostics: { exitCode: 1, stderrTail: expect.stringContaining('not a valid JSON Schema') },
    });
  });

  it('reports a CLI too old for --json-schema (1.x) as schema_dropped, not as a crash', async () => {
    // What 1.0.128 prints and does: nothing on stdout, exit 1, before any request.
    const run = { stdout: '', stderr: "error: unknown option '--json-schema'\n", exitCode: 1 };
    const { sendPrompt, calls } = setup([run]);
    await expect(sendPrompt({ workflow: 'cli-prompt', prompt: 'p', schema: PERSON })).rejects.toMatchObject({
      code: 'schema_dropped',
      message: expect.stringContaining('does not know --json-schema'),
    });
    expect(calls).toHaveLength(1);
  });

  it('calls a run that exits non-zero without a result a crash, with the stderr tail', async () => {
    const run = { stdout: t.lines(t.init()), stderr: 'segfault somewhere\n', exitCode: 139 };
    const { sendPrompt } = setup([run]);
    await expect(sendPrompt({ workflow: 'cli-prompt', prompt: 'p', schema: PERSON })).rejects.toMatchObject({
      code: 'crashed',
      message: expect.stringContaining('exit code 139: segfault somewhere'),
      diagnostics: { rawLines: [expect.stringContaining('"init"')] },
    });
  });

  it('leaves the queue when cancelled while waiting for a slot', async () => {
    const gate = new ConcurrencyGate(1);
    const blocker = await gate.acquire();
    const { sendPrompt, calls } = setup([happy({ name: 'Ada' })], { gate });
    const controller = new AbortController();
    const pending = sendPrompt({
      workflow: 'cli-prompt',
      prompt: 'p',
      schema: PERSON,
      signal: controller.signal,
    });
    await new Promise((r) => setImmediate(r));
    expect(gate.stats().queued).toBe(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({
      code: 'cancelled',
      diagnostics: { workflow: 'cli-prompt' },
    });
    expect(gate.stats().queued).toBe(0);
    expect(calls).toHaveLength(0);
    blocker.release();
  });

  it('reports a missing CLI with the install hint', async () => {
    const { sendPrompt } = setup([happy({})], {
      locate: async () => {
        throw new PromptError('cli_not_found');
      },
    });
    await expect(sendPrompt({ workflow: 'cli-prompt', prompt: 'p', schema: PERSON })).rejects.toMatchObject({
      code: 'cli_not_found',
      message: expect.stringContaining('npm install -g @anthropic-ai/claude-code'),
      diagnostics: { workflow: 'cli-prompt' },
    });
  });

  it('does not wait hours for a usage limit: a far-off reset fails at once with retryAfterMs', async () => {
    const resetsAt = Math.floor(Date.now() / 1000) + 3 * 3600;
    const limit = JSON.stringify({
      type: 'rate_limit_event',
      rate_limit_info: { status: 'rejected', resetsAt },
    });
    const run = {
      stdout: t.lines(
        t.init(),
        limit,
        t.result({ is_error: true, api_error_status: 429, result: 'API Error: Request rejected (429)' }),
      ),
      exitCode: 1,
    };
    const { sendPrompt, calls } = setup([run]);
    const err = await sendPrompt({ workflow: 'cli-prompt', prompt: 'p', schema: PERSON }).catch(
      (e: PromptError) => e,
    );
    expect(err).toMatchObject({ code: 'rate_limited', retryable: true });
    expect((err as PromptError).diagnostics.retryAfterMs).toBeGreaterThan(2 * 3600 * 1000);
    expect(calls).toHaveLength(1);
  });
});
