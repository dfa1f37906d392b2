// The `anthropic` provider through sendPrompt, talked to by the REAL @anthropic-ai/sdk client against the loopback
// Messages API mock (test/support/mockMessagesApi.ts, written from the API reference: SSE events or one JSON
// message): native and tool mode, streamed and not, and every typed failure (and 5).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { PromptError } from '../../src/main/llm/errors';
import { ConcurrencyGate } from '../../src/main/llm/gate';
import type { PreviewEvent, SendPromptRequest } from '../../src/main/llm/promptTypes';
import { engineSendPrompt } from '../support/engineSendPrompt';
import { memoryLogger } from '../support/memorySpawner';
import { startMockMessagesApi, type MockMessagesApi } from '../support/mockMessagesApi';
import type { MockTurn } from '../support/mockTypes';

const KEY = 'sk-ant-test-0123456789abcdef';
const SCHEMA = {
  type: 'object',
  required: ['colours'],
  additionalProperties: false,
  properties: {
    colours: { type: 'array', minItems: 2, maxItems: 3, items: { type: 'string', maxLength: 20 } },
  },
};
const ANSWER = { colours: ['red', 'green'] };

let mock: MockMessagesApi | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

async function world(script: MockTurn[]) {
  mock = await startMockMessagesApi({ script, isMainLoop: () => true });
  const retries: number[] = [];
  const sendPrompt = engineSendPrompt({
    locate: () => Promise.reject(new Error('the CLI is not asked')),
    gate: new ConcurrencyGate(2),
    logger: memoryLogger().logger,
    settings: () => ({}),
    env: () => ({ ANTHROPIC_API_KEY: KEY }),
    retry: { deps: { sleep: async () => {}, random: () => 0 } },
  });
  const call = (extra: Partial<SendPromptRequest> = {}) =>
    sendPrompt({
      workflow: 'cli-prompt',
      prompt: 'Two colours',
      schema: SCHEMA,
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      baseUrl: mock!.url,
      onRetry: (r) => retries.push(r.delayMs),
      ...extra,
    });
  const failure = (extra: Partial<SendPromptRequest> = {}) =>
    call(extra).then(
      () => {
        throw new Error('the call succeeded');
      },
      (e: unknown) => e as PromptError,
    );
  return { mock, call, failure, retries };
}

const json = (value: unknown): MockTurn => ({ kind: 'message', text: [JSON.stringify(value)] });

describe('anthropic provider, native mode', () => {
  it('streams the JSON text into the preview and returns it with tokens, cost, provider, model and mode', async () => {
    const w = await world([json(ANSWER)]);
    const preview: PreviewEvent[] = [];
    const r = await w.call({ preview: (e) => preview.push(e), previewWatch: [['colours']] });
    expect(r.data).toEqual(ANSWER);
    expect(r.source).toBe('structured_output');
    expect(r.meta).toMatchObject({ provider: 'anthropic', model: 'claude-sonnet-4-5', mode: 'native' });
    expect(r.meta).toMatchObject({ tokensIn: 100, tokensOut: 42, cliVersion: null });
    expect(r.meta.costUsd).toBeCloseTo((100 * 3 + 42 * 15) / 1e6, 10);
    expect(preview.filter((e) => e.type === 'item').map((e) => (e as { value: unknown }).value)).toEqual(
      ANSWER.colours,
    );
    const [req] = w.mock.mainRequests();
    expect(req!.body!.stream).toBe(true);
    // The key travels in a request header only (the SDK's choice of header).
    expect(req!.headers.authorization ?? req!.headers['x-api-key']).toContain(KEY);
    expect(req!.body!.tools).toBeUndefined();
    // The request's copy drops what the API refuses; the original schema still holds it (next test).
    expect(req!.body!.output_config!.format).toEqual({
      type: 'json_schema',
      schema: {
        type: 'object',
        required: ['colours'],
        additionalProperties: false,
        properties: { colours: { type: 'array', items: { type: 'string' } } },
      },
    });
  });

  it('validates against the original schema: an array longer than maxItems is refused locally', async () => {
    const tooMany = json({ colours: ['a', 'b', 'c', 'd'] });
    const w = await world([tooMany, tooMany, tooMany]);
    const e = await w.failure();
    expect(e.code).toBe('validation_failed');
    expect(w.mock.mainRequests()).toHaveLength(3); // asked again twice with the errors, then refused
  });

  it('refuses native mode for a model known not to have it, before any request', async () => {
    const w = await world([json(ANSWER)]);
    const e = await w.failure({ model: 'claude-3-5-haiku-20241022', mode: 'native' });
    expect(e.code).toBe('structured_output_unsupported');
    expect(e.message).toContain('claude-3-5-haiku-20241022');
    expect(w.mock.requests).toHaveLength(0);
  });
});

describe('anthropic provider, tool mode', () => {
  it('forces one tool whose input_schema is the schema and answers with its input (not streamed)', async () => {
    const w = await world([{ kind: 'message', toolCalls: [{ input: ANSWER }] }]);
    const r = await w.call({ model: 'claude-3-5-haiku-20241022' });
    expect(r).toMatchObject({ data: ANSWER, source: 'tool_use', meta: { mode: 'tool' } });
    const body = w.mock.mainRequests()[0]!.body!;
    expect(body.stream).toBeFalsy();
    expect(body.tools).toEqual([
      expect.objectContaining({ name: 'structured_output', input_schema: SCHEMA }),
    ]);
    expect(body.tool_choice).toEqual({ type: 'tool', name: 'structured_output' });
    expect(body.output_config).toBeUndefined();
  });

  it('streams input_json_delta fragments into the preview when asked for tool mode', async () => {
    const w = await world([{ kind: 'message', toolCalls: [{ input: ANSWER }] }]);
    const preview: PreviewEvent[] = [];
    const r = await w.call({ mode: 'tool', preview: (e) => preview.push(e), previewWatch: [['colours']] });
    expect(r.data).toEqual(ANSWER);
    expect(preview.filter((e) => e.type === 'item')).toHaveLength(2);
  });
});

describe('anthropic provider failures, typed', () => {
  it.each([
    [401, 'auth_failed'],
    [403, 'auth_failed'],
  ])('HTTP %i is %s, not retried', async (status, code) => {
    const w = await world([{ kind: 'error', status }]);
    expect((await w.failure()).code).toBe(code);
    expect(w.mock.mainRequests()).toHaveLength(1);
  });

  it('429 waits the retry-after, then the next attempt answers', async () => {
    const w = await world([{ kind: 'error', status: 429, retryAfterSeconds: 3 }, json(ANSWER)]);
    expect((await w.call()).data).toEqual(ANSWER);
    expect(w.retries).toEqual([3000]);
    expect(w.mock.mainRequests()).toHaveLength(2);
  });

  it('529 overloaded and 500 are retried under the one budget (4 attempts), then reported', async () => {
    const w = await world([{ kind: 'error', status: 529, times: Infinity }]);
    expect((await w.failure()).code).toBe('overloaded');
    expect(w.mock.mainRequests()).toHaveLength(4);
    const v = await world([{ kind: 'error', status: 500 }, json(ANSWER)]);
    expect((await v.call()).data).toEqual(ANSWER);
  });

  it('an overload that breaks the stream mid-answer is overloaded too', async () => {
    const w = await world([{ kind: 'stream-error', times: Infinity }]);
    expect((await w.failure({ preview: () => {} })).code).toBe('overloaded');
  });

  it('stop_reason refusal is refused; max_tokens is truncated, never a shorter object', async () => {
    const w = await world([{ kind: 'message', text: ['{"colours":'], stopReason: 'refusal' }]);
    expect((await w.failure()).code).toBe('refused');
    const t = await world([{ kind: 'message', text: ['{"colours":["red","gr'], stopReason: 'max_tokens' }]);
    const e = await t.failure({ preview: () => {} });
    expect(e.code).toBe('truncated');
    expect(t.mock.mainRequests()).toHaveLength(1);
  });

  it('a server that is not there is server_unavailable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const w = await world([]);
    expect((await w.failure({ baseUrl: `http://127.0.0.1:${port}` })).code).toBe('server_unavailable');
  });

  it('no key is no_api_key and no model is no_model, before any request', async () => {
    mock = await startMockMessagesApi({ isMainLoop: () => true });
    const sendPrompt = engineSendPrompt({
      locate: () => Promise.reject(new Error('not asked')),
      gate: new ConcurrencyGate(1),
      logger: memoryLogger().logger,
      settings: () => ({}),
      env: () => ({}),
    });
    const base = {
      workflow: 'cli-prompt' as const,
      prompt: 'p',
      schema: SCHEMA,
      provider: 'anthropic' as const,
    };
    await expect(
      sendPrompt({ ...base, model: 'claude-sonnet-4-5', baseUrl: mock.url }),
    ).rejects.toMatchObject({
      code: 'no_api_key',
    });
    const w = await world([]);
    expect((await w.failure({ model: '' })).code).toBe('no_model');
    expect(w.mock.requests).toHaveLength(0);
  });

  it('cancel aborts the HTTP request at once; the attempt time runs out as timeout', async () => {
    const w = await world([{ kind: 'hang' }, { kind: 'hang' }]);
    const controller = new AbortController();
    const pending = w.failure({ signal: controller.signal, preview: () => {} });
    await w.mock.waitForRequest((r) => r.kind === 'main');
    controller.abort();
    expect((await pending).code).toBe('cancelled');
    expect((await w.failure({ timeoutMs: 200 })).code).toBe('timeout');
  });

  it('a cancel or timeout after the answer began streaming is reported as such, not as a missing result', async () => {
    const partial: MockTurn = { kind: 'partial-hang', partialJson: '{"colours":["re' };
    const w = await world([partial, partial]);
    const controller = new AbortController();
    // Cancelled once the stream is under way (its first event has arrived).
    const cancelled = await w.failure({
      signal: controller.signal,
      onEngineEvent: (e) => {
        if (e.type === 'raw') controller.abort();
      },
    });
    expect(cancelled.code).toBe('cancelled');
    let streaming = false;
    const timedOut = await w.failure({
      timeoutMs: 300,
      onEngineEvent: (e) => {
        if (e.type === 'raw') streaming = true;
      },
    });
    expect(streaming).toBe(true);
    expect(timedOut.code).toBe('timeout');
  });
});
