// The openai provider end to end: sendPrompt → the official openai client → the loopback Chat Completions API.
import { describe, expect, it } from 'vitest';
import { mockPerTest } from '../support/llmMockTest';
import { answer, httpFailure, type LlmMockTurn } from '../support/mockLlmTypes';
import { startMockOpenAiApi } from '../support/mockOpenAiApi';
import { apiWorld, closedPort, story } from './apiWorld';

const KEY = 'sk-test-0123456789abcdef';
const slot = mockPerTest();

async function world(script: LlmMockTurn[]) {
  const mock = slot.use(await startMockOpenAiApi({ apiKey: KEY, script }));
  return { mock, ...apiWorld({ OPENAI_API_KEY: KEY }), baseUrl: mock.url };
}
type Body = {
  response_format?: { json_schema: { schema: Record<string, unknown>; strict: boolean } };
  tools?: unknown[];
  tool_choice?: unknown;
};
const bodyOf = (mock: { modelCalls(): { body: unknown }[] }, i = 0) => mock.modelCalls()[i]!.body as Body;

describe('openai provider', () => {
  it('answers in native mode: strict json_schema request, the strict nulls removed, preview and meta', async () => {
    const reply = { stories: [story('Sign in', 3, { note: null }), story('Sign out', 2, { note: 'later' })] };
    const w = await world([answer(reply, { usage: { input: 120, output: 40 } })]);
    const result = await w.send({ provider: 'openai', model: 'gpt-4o-mini', baseUrl: w.baseUrl });
    expect(result.data).toEqual({ stories: [story('Sign in', 3), story('Sign out', 2, { note: 'later' })] });
    expect(result.source).toBe('structured_output');
    const { provider, model, mode, tokensIn, tokensOut } = result.meta;
    expect([provider, model, mode, tokensIn, tokensOut]).toEqual([
      'openai',
      'gpt-4o-mini',
      'native',
      120,
      40,
    ]);
    // From the one price table: 120 × $0.15 + 40 × $0.60 per million tokens.
    expect(result.meta.costUsd).toBeCloseTo(0.000042, 9);
    const format = bodyOf(w.mock).response_format!.json_schema;
    expect(format.strict).toBe(true);
    const { stories } = format.schema.properties as { stories: { items: { required: string[] } } };
    const item = stories.items;
    expect(item.required).toEqual(['title', 'points', 'size', 'note']);
    expect(JSON.stringify(format.schema)).not.toMatch(/minItems|maximum|minLength/);
    expect(
      w.preview.filter((e) => e.type === 'item').map((e) => (e as { value: { title: string } }).value.title),
    ).toEqual(['Sign in', 'Sign out']);
    // The fragments (joined per turn of the event loop) are the whole answer the server streamed, in order.
    const streamed = w.events.flatMap((e) => (e.type === 'partial' ? [e.text] : []));
    expect(streamed.join('')).toBe(JSON.stringify(reply));
    expect(w.mock.modelCalls()[0]!.body).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('answers in tool mode through one forced function tool', async () => {
    const w = await world([answer({ stories: [story('Export CSV')] })]);
    const result = await w.send({ provider: 'openai', model: 'gpt-4o', mode: 'tool', baseUrl: w.baseUrl });
    expect(result).toMatchObject({
      source: 'tool_use',
      meta: { mode: 'tool' },
      data: { stories: [story('Export CSV')] },
    });
    expect(bodyOf(w.mock).tool_choice).toEqual({ type: 'function', function: { name: 'StructuredOutput' } });
    expect(bodyOf(w.mock).response_format).toBeUndefined();
    expect(w.preview.some((e) => e.type === 'item')).toBe(true);
  });

  it('picks tool mode in auto for a model without json_schema, and refuses a model with neither', async () => {
    const w = await world([answer({ stories: [story('Old model')] })]);
    const result = await w.send({ provider: 'openai', model: 'gpt-3.5-turbo', baseUrl: w.baseUrl });
    expect(result.meta.mode).toBe('tool');
    expect(result.meta.costUsd).toBeNull(); // a model the price table does not list: unknown, never 0
    const refused = await w.failure({ provider: 'openai', model: 'o1-mini', baseUrl: w.baseUrl });
    expect(refused.code).toBe('structured_output_unsupported');
    expect(refused.message).toContain('o1-mini');
    expect(w.mock.modelCalls()).toHaveLength(1);
  });

  it('enforces locally what strict mode dropped: range, enum, array size', async () => {
    const tooMany = { stories: [story('a1a'), story('b2b'), story('c3c'), story('d4d')] };
    // One call: each invalid answer is sent back with its errors, until the two feedback retries are spent.
    const w = await world([
      answer({ stories: [story('Big', 21)] }),
      answer({ stories: [{ ...story('Huge'), size: 'XL' }] }),
      answer(tooMany),
    ]);
    const error = await w.failure({ provider: 'openai', model: 'gpt-4o-mini', baseUrl: w.baseUrl });
    expect(error.code).toBe('validation_failed');
    expect(error.diagnostics.validationErrors).toEqual([expect.stringMatching(/more than 3/)]);
    expect(w.mock.modelCalls()).toHaveLength(3);
  });

  it('fails typed: bad key, rate limit (retry-after honoured), overloaded, refusal, truncation', async () => {
    const w = await world([
      httpFailure(429, { retryAfterSeconds: 3 }),
      answer({ stories: [story('After wait')] }),
      httpFailure(503, { times: 4, message: 'overloaded' }),
      { kind: 'refusal', text: 'I will not help with that.' },
      answer('{"stories":[{"title":"Cut', { finish: 'length' }),
    ]);
    const ok = await w.send({ provider: 'openai', model: 'gpt-4o-mini', baseUrl: w.baseUrl });
    expect(ok.data).toEqual({ stories: [story('After wait')] });
    expect(w.retries).toEqual([expect.objectContaining({ code: 'rate_limited', delayMs: 3000 })]);
    expect((await w.failure({ provider: 'openai', model: 'gpt-4o-mini', baseUrl: w.baseUrl })).code).toBe(
      'overloaded',
    );
    expect(w.mock.modelCalls()).toHaveLength(6); // 2 + the whole budget of 4 attempts, no client retries on top
    const refused = await w.failure({ provider: 'openai', model: 'gpt-4o-mini', baseUrl: w.baseUrl });
    expect(refused).toMatchObject({
      code: 'refused',
      message: expect.stringContaining('I will not help') as unknown,
    });
    const cut = await w.failure({ provider: 'openai', model: 'gpt-4o-mini', baseUrl: w.baseUrl });
    expect(cut.code).toBe('truncated');
    expect(w.mock.modelCalls()).toHaveLength(8); // neither is retried

    const bad = apiWorld({ OPENAI_API_KEY: 'sk-wrong-key-000000' });
    const denied = await bad.failure({ provider: 'openai', model: 'gpt-4o-mini', baseUrl: w.baseUrl });
    expect(denied).toMatchObject({ code: 'auth_failed', diagnostics: { httpStatus: 401 } });
    const written = JSON.stringify([denied.toJSON(), bad.lines, bad.events, w.lines, w.events]);
    expect(written).not.toContain('sk-wrong-key-000000');
    expect(written).not.toContain(KEY);
  });

  it('says when no key is set for OpenAI itself, and when nothing answers at the base URL', async () => {
    const noKey = apiWorld({});
    expect((await noKey.failure({ provider: 'openai', model: 'gpt-4o-mini' })).code).toBe('no_api_key');
    expect((await noKey.failure({ provider: 'openai' })).code).toBe('no_model');
    const port = await closedPort();
    const gone = await noKey.failure({
      provider: 'openai',
      model: 'local',
      baseUrl: `http://127.0.0.1:${port}/v1`,
    });
    expect(gone).toMatchObject({
      code: 'server_unavailable',
      message: expect.stringContaining('ECONNREFUSED') as unknown,
    });
  });

  it('stops a call that outlives its timeout, aborting the request', async () => {
    const w = await world([{ kind: 'hang' }]);
    const error = await w.failure({
      provider: 'openai',
      model: 'gpt-4o-mini',
      baseUrl: w.baseUrl,
      timeoutMs: 300,
    });
    expect(error.code).toBe('timeout');
    await expect.poll(() => w.mock.abortedSeqs.size).toBe(1);
  });

  it('cancels at once: the HTTP request is aborted mid-stream', async () => {
    const w = await world([{ kind: 'partial-hang', text: '{"stories":[{"title":"Sl' }]);
    const error = await w.cancelled({ provider: 'openai', model: 'gpt-4o-mini', baseUrl: w.baseUrl });
    expect(error.code).toBe('cancelled');
    await expect.poll(() => w.mock.abortedSeqs.size).toBe(1);
  });
});
