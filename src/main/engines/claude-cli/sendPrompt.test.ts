// sendPrompt over a scripted CLI: the answer, the schema registry and validation, the legacy path, events and preview.
import { describe, expect, it } from 'vitest';
import { PromptError } from '../../llm/errors';
import type { PreviewEvent } from '../../llm/promptTypes';
import { DEFAULT_TIMEOUT_MS, timeoutFor } from '../../llm/sendPrompt';
import { transcript as t } from '../../../../test/support/memorySpawner';
import { ConcurrencyGate } from '../../llm/gate';
import { PERSON, noSleep, setup, happy } from '../../../../test/support/scriptedCliSendPrompt';
import { renderTurns } from '../../llm/conversation';

describe('sendPrompt', () => {
  it('returns the structured output with meta, spawning the CLI with the documented argv and the prompt on stdin', async () => {
    const { sendPrompt, calls } = setup([happy({ name: 'Ada' })]);
    const result = await sendPrompt({ workflow: 'cli-prompt', prompt: 'Who?', schema: PERSON, maxTurns: 1 });
    expect(result).toEqual({
      data: { name: 'Ada' },
      source: 'structured_output',
      warnings: [],
      meta: {
        cliVersion: '2.1.330',
        costUsd: 0.01,
        turns: 2,
        durationMs: expect.any(Number),
        sessionId: 's-1',
        model: 'claude-test',
        // The engine seam's neutral meta: who answered, how, and the tokens when the CLI says them.
        provider: 'claude-cli',
        engineVersion: '2.1.330',
        mode: 'native',
        tokensIn: null,
        tokensOut: null,
      },
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.input).toBe('Who?');
    expect(calls[0]!.command).toBe('/opt/claude');
    expect(calls[0]!.args).toEqual([
      '-p',
      '--output-format',
      'stream-json',
      '--verbose',
      '--json-schema',
      JSON.stringify(PERSON),
      '--max-turns',
      '2',
      '--model',
      'sonnet',
      '--strict-mcp-config',
      '--mcp-config',
      '{"mcpServers":{}}',
      '--tools',
      '',
    ]);
  });

  it('gives as its duration what the user waited (queueing included), not the CLI’s own 1234 ms', async () => {
    let clock = 10_000;
    const real = new ConcurrencyGate(1);
    // A gate that makes the call wait 3 s for its slot, on the clock sendPrompt reads.
    const gate = {
      run: (fn: Parameters<ConcurrencyGate['run']>[0], signal?: AbortSignal) => {
        clock += 3000;
        return real.run(fn, signal);
      },
    } as unknown as ConcurrencyGate;
    const { sendPrompt } = setup([happy({ name: 'Ada' })], {
      gate,
      retry: { deps: { ...noSleep, now: () => clock } },
    });
    const result = await sendPrompt({ workflow: 'cli-prompt', prompt: 'Who?', schema: PERSON });
    expect(result.meta.durationMs).toBe(3000);
  });

  it('uses the registry: a named schema is sent and its envelope unwrapped', async () => {
    const stories = [
      { title: 'T', description: 'As a user, I want x so that y', acceptanceCriteria: ['ok'] },
    ];
    const { sendPrompt, calls } = setup([happy({ stories })]);
    const result = await sendPrompt({
      workflow: 'deriveStories',
      prompt: 'p',
      schema: 'stories',
      hermetic: false,
    });
    expect(result.data).toEqual(stories);
    expect(JSON.parse(calls[0]!.args[5]!)).toMatchObject({ title: 'StoriesOutput' });
    expect(calls[0]!.args).not.toContain('--tools');
    const title = setup([happy({ title: 'Add dark mode' })]);
    const named = { workflow: 'generateTitle', prompt: 'p', schema: 'title' } as const;
    expect((await title.sendPrompt(named)).data).toBe('Add dark mode');
  });

  it('rejects an invalid schema before spawning anything', async () => {
    const { sendPrompt, calls } = setup([happy({})]);
    await expect(
      sendPrompt({ workflow: 'cli-prompt', prompt: 'p', schema: { type: 'array' } }),
    ).rejects.toMatchObject({
      code: 'invalid_schema',
    });
    await expect(
      sendPrompt({ workflow: 'cli-prompt', prompt: 'p', schema: 'nope' as never }),
    ).rejects.toMatchObject({
      code: 'invalid_schema',
      diagnostics: { workflow: 'cli-prompt' },
    });
    await expect(sendPrompt({ workflow: 'cli-prompt', prompt: 'p' })).rejects.toMatchObject({
      code: 'invalid_schema',
      message: expect.stringContaining('no schema given'),
    });
    expect(calls).toHaveLength(0);
  });

  it('checks formats itself: a structured output the CLI accepted can still fail validation', async () => {
    const { sendPrompt } = setup([happy({ name: 'Ada', email: 'nope' })]);
    const err = await sendPrompt({ workflow: 'cli-prompt', prompt: 'p', schema: PERSON }).catch(
      (e: PromptError) => e,
    );
    expect(err).toBeInstanceOf(PromptError);
    expect(err).toMatchObject({
      code: 'validation_failed',
      retryable: false,
      diagnostics: {
        workflow: 'cli-prompt',
        cliVersion: '2.1.330',
        validationErrors: ['/email: must match format "email"'],
      },
    });
  });

  it('recovers prose JSON only through the legacy path, loudly, and only if it validates', async () => {
    const prose = 'Here you go:\n```json\n{"name": "Ada"}\n```';
    const run = { stdout: t.lines(t.init('2.1.330'), t.text(prose), t.result({ result: prose })) };
    const { sendPrompt, lines } = setup([run]);
    const result = await sendPrompt({ workflow: 'cli-prompt', prompt: 'p', schema: PERSON });
    expect(result.data).toEqual({ name: 'Ada' });
    expect(result.source).toBe('legacy_text');
    expect(result.warnings).toEqual([expect.stringMatching(/DEPRECATED legacy extractors/)]);
    const warn = lines.find((l) => l.level === 'warn' && /DEPRECATED/.test(l.message));
    expect(warn?.message).toContain('"cli-prompt"');
    expect(warn?.context).toMatchObject({
      workflow: 'cli-prompt',
      cliVersion: '2.1.330',
      why: expect.stringMatching(/^no_structured_output/),
    });

    const invalidProse = 'Here you go:\n```json\n{"name": 42}\n```';
    const bad = { stdout: t.lines(t.init(), t.text(invalidProse), t.result({ result: invalidProse })) };
    const second = setup([bad]);
    await expect(
      second.sendPrompt({ workflow: 'cli-prompt', prompt: 'p', schema: PERSON }),
    ).rejects.toMatchObject({
      code: 'no_structured_output',
    });
    expect(second.calls).toHaveLength(2); // one retry for a missing structured output, then the failure
  });

  it('forwards every event and streams the StructuredOutput deltas into the live preview', async () => {
    const se = (event: Record<string, unknown>) => JSON.stringify({ type: 'stream_event', event });
    const story = (n: number) => ({
      title: `S${n}`,
      description: 'As a user, I want x so that y',
      acceptanceCriteria: ['ok'],
    });
    const json = JSON.stringify({ stories: [story(1), story(2)] });
    const deltas = json
      .match(/.{1,7}/g)!
      .map((partial_json) =>
        se({ type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json } }),
      );
    const stdout = t.lines(
      t.init(),
      se({ type: 'message_start', message: { id: 'm1' } }),
      se({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
      se({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: '{"not": "this"}' } }),
      se({
        type: 'content_block_start',
        index: 1,
        content_block: { type: 'tool_use', id: 'tu', name: 'StructuredOutput', input: {} },
      }),
      ...deltas,
      t.result({ structured_output: JSON.parse(json) }),
    );
    const kinds = new Set<string>();
    const { sendPrompt, calls } = setup([{ stdout }], { onCliEvent: (e) => kinds.add(e.kind) });
    const previews: PreviewEvent[] = [];
    const result = await sendPrompt({
      workflow: 'cli-prompt',
      prompt: 'p',
      schema: 'stories',
      preview: (e) => previews.push(e),
    });
    expect(calls[0]!.args).toContain('--include-partial-messages');
    expect(previews).toEqual([
      { type: 'item', path: ['stories'], index: 0, value: story(1) },
      { type: 'item', path: ['stories'], index: 1, value: story(2) },
      { type: 'done', value: { stories: [story(1), story(2)] } },
    ]);
    expect([...kinds]).toEqual(['init', 'stream_event', 'result']);
    expect(result.data).toEqual([story(1), story(2)]);
  });

  it('sends no --include-partial-messages without a preview callback', async () => {
    const { sendPrompt, calls } = setup([happy({ name: 'Ada' })]);
    await sendPrompt({ workflow: 'cli-prompt', prompt: 'p', schema: PERSON });
    expect(calls[0]!.args).not.toContain('--include-partial-messages');
  });

  it("picks the timeout: the request's (a workflow's comes from its definition), else the service default", () => {
    expect(timeoutFor(1234, 5000)).toBe(1234);
    expect(timeoutFor(undefined, 5000)).toBe(5000);
    expect(timeoutFor(undefined)).toBe(DEFAULT_TIMEOUT_MS);
  });

  const history = [
    { role: 'user' as const, content: 'Name a person.' },
    { role: 'assistant' as const, content: '{"name":"Ada"}' },
  ];
  it('the CLI gets the history as text on stdin, and a schema-invalid answer is not asked again', async () => {
    const { sendPrompt, calls } = setup([happy({ name: 7 }), happy({ name: 'Ada' })]);
    const error = await sendPrompt({
      workflow: 'cli-prompt',
      prompt: 'Another one.',
      history,
      schema: PERSON,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'validation_failed' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.input).toBe(renderTurns(history, 'Another one.'));
  });
});
