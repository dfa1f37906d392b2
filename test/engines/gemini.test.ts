// The gemini provider end to end: sendPrompt → @google/genai → the loopback Gemini API.
import { describe, expect, it } from 'vitest';
import { getSchema } from '../../src/main/llm/schemas';
import { mockPerTest } from '../support/llmMockTest';
import { answer, httpFailure, type LlmMockTurn } from '../support/mockLlmTypes';
import { startMockGeminiApi } from '../support/mockGeminiApi';
import { apiWorld, closedPort, story } from './apiWorld';

const KEY = 'AIzaSyTest-0123456789';
const MODEL = 'gemini-2.5-flash';
const slot = mockPerTest();

async function world(script: LlmMockTurn[]) {
  const mock = slot.use(await startMockGeminiApi({ apiKey: KEY, script }));
  return { mock, ...apiWorld({ GEMINI_API_KEY: KEY }) };
}
type GenerateBody = {
  generationConfig?: { responseMimeType?: string; responseSchema?: unknown; responseJsonSchema?: unknown };
  toolConfig?: unknown;
};
const generated = (mock: { modelCalls(): { body: unknown }[] }) => mock.modelCalls()[0]!.body as GenerateBody;

describe('gemini provider', () => {
  it('asks for JSON with the schema in the OpenAPI subset and streams the preview over SSE', async () => {
    const w = await world([
      answer({ stories: [story('Upload'), story('Share', 5)] }, { usage: { input: 50, output: 12 } }),
    ]);
    const result = await w.send({ provider: 'gemini', model: MODEL, baseUrl: w.mock.url });
    expect(result).toMatchObject({
      data: { stories: [story('Upload'), story('Share', 5)] },
      source: 'structured_output',
      meta: { provider: 'gemini', model: MODEL, mode: 'native', tokensIn: 50, tokensOut: 12 },
    });
    const call = w.mock.modelCalls()[0]!;
    expect(call.path).toBe(`/v1beta/models/${MODEL}:streamGenerateContent`);
    expect(call.headers['x-goog-api-key']).toBe(KEY);
    const config = generated(w.mock).generationConfig!;
    expect(config.responseMimeType).toBe('application/json');
    expect(config.responseSchema).toMatchObject({ type: 'OBJECT', propertyOrdering: ['stories'] });
    expect(w.preview.filter((e) => e.type === 'item')).toHaveLength(2);
  });

  it('answers in tool mode through a forced function call', async () => {
    const w = await world([answer({ stories: [story('Forced')] })]);
    const result = await w.send({ provider: 'gemini', model: MODEL, mode: 'tool', baseUrl: w.mock.url });
    expect(result).toMatchObject({
      source: 'tool_use',
      meta: { mode: 'tool' },
      data: { stories: [story('Forced')] },
    });
    expect(generated(w.mock).toolConfig).toEqual({
      functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['StructuredOutput'] },
    });
  });

  it('sends a schema the subset cannot express as plain JSON Schema, still validated locally', async () => {
    const empty = answer({ 'story-1': [] });
    const w = await world([empty, empty, empty]);
    const error = await w.failure({
      provider: 'gemini',
      model: MODEL,
      baseUrl: w.mock.url,
      schema: getSchema('sprint-assertions').schema,
    });
    expect(generated(w.mock).generationConfig?.responseJsonSchema).toMatchObject({
      patternProperties: expect.any(Object) as unknown,
    });
    // The original's minItems 1, enforced here.
    expect(error).toMatchObject({
      code: 'validation_failed',
      diagnostics: { validationErrors: [expect.stringMatching(/fewer than 1/)] },
    });
  });

  it('refuses a Gemma model (no JSON mode, no function calling) naming it', async () => {
    const w = await world([]);
    const error = await w.failure({ provider: 'gemini', model: 'gemma-3-27b-it', baseUrl: w.mock.url });
    expect(error).toMatchObject({
      code: 'structured_output_unsupported',
      message: expect.stringContaining('gemma-3-27b-it') as unknown,
    });
  });

  it('fails typed: bad key (400 API_KEY_INVALID), RetryInfo honoured, unavailable, blocked, MAX_TOKENS, no key', async () => {
    const w = await world([
      httpFailure(429, { retryAfterSeconds: 4 }),
      answer({ stories: [story('Later')] }),
      httpFailure(503, { times: 4 }),
      { kind: 'refusal', text: '' },
      answer('{"stories":[', { finish: 'length' }),
    ]);
    expect((await w.send({ provider: 'gemini', model: MODEL, baseUrl: w.mock.url })).data).toEqual({
      stories: [story('Later')],
    });
    expect(w.retries).toEqual([expect.objectContaining({ code: 'rate_limited', delayMs: 4000 })]);
    expect((await w.failure({ provider: 'gemini', model: MODEL, baseUrl: w.mock.url })).code).toBe(
      'overloaded',
    );
    const blocked = await w.failure({ provider: 'gemini', model: MODEL, baseUrl: w.mock.url });
    expect(blocked).toMatchObject({ code: 'refused', message: expect.stringContaining('SAFETY') as unknown });
    expect((await w.failure({ provider: 'gemini', model: MODEL, baseUrl: w.mock.url })).code).toBe(
      'truncated',
    );

    const wrong = apiWorld({ GEMINI_API_KEY: 'AIzaSyWrong-999999' });
    const denied = await wrong.failure({ provider: 'gemini', model: MODEL, baseUrl: w.mock.url });
    expect(denied.code).toBe('auth_failed');
    expect(JSON.stringify([denied.toJSON(), wrong.lines, wrong.events, w.lines, w.events])).not.toMatch(
      /AIzaSy(Wrong|Test)/,
    );
    expect((await apiWorld({}).failure({ provider: 'gemini', model: MODEL })).code).toBe('no_api_key');
  });

  it('says when nothing answers at the base URL, and stops a call that outlives its timeout', async () => {
    const port = await closedPort();
    const gone = await apiWorld({ GEMINI_API_KEY: KEY }).failure({
      provider: 'gemini',
      model: MODEL,
      baseUrl: `http://127.0.0.1:${port}`,
    });
    expect(gone).toMatchObject({
      code: 'server_unavailable',
      message: expect.stringContaining('ECONNREFUSED') as unknown,
    });
    const w = await world([{ kind: 'hang' }]);
    const slow = await w.failure({ provider: 'gemini', model: MODEL, baseUrl: w.mock.url, timeoutMs: 300 });
    expect(slow.code).toBe('timeout');
  });

  it('cancels mid-stream: the HTTP request is aborted', async () => {
    const w = await world([{ kind: 'partial-hang', text: '{"stories":[{"ti' }]);
    const error = await w.cancelled({ provider: 'gemini', model: MODEL, baseUrl: w.mock.url });
    expect(error.code).toBe('cancelled');
    await expect.poll(() => w.mock.abortedSeqs.size).toBe(1);
  });
});
