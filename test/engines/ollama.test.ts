// The ollama provider end to end: sendPrompt → the official ollama client → the loopback Ollama API.
import { describe, expect, it } from 'vitest';
import { mockPerTest } from '../support/llmMockTest';
import { answer, httpFailure, type LlmMockTurn } from '../support/mockLlmTypes';
import { startMockOllamaApi } from '../support/mockOllamaApi';
import { apiWorld, closedPort, STORIES_SCHEMA, story } from './apiWorld';

const slot = mockPerTest();
const MODEL = 'llama3.2:latest';

async function world(script: LlmMockTurn[], env: NodeJS.ProcessEnv = {}) {
  const mock = slot.use(await startMockOllamaApi({ script }));
  return { mock, ...apiWorld(env) };
}

describe('ollama provider', () => {
  it('sends the original schema as format, streams the preview, and reports the counts', async () => {
    const w = await world([
      answer({ stories: [story('Pull model'), story('Chat')] }, { usage: { input: 33, output: 21 } }),
    ]);
    const result = await w.send({ provider: 'ollama', model: MODEL, baseUrl: w.mock.url });
    expect(result).toMatchObject({
      data: { stories: [story('Pull model'), story('Chat')] },
      source: 'structured_output',
      meta: {
        provider: 'ollama',
        model: MODEL,
        mode: 'native',
        tokensIn: 33,
        tokensOut: 21,
        costUsd: 0,
        engineVersion: '0.12.6',
      },
    });
    expect(w.mock.modelCalls()[0]!.body).toMatchObject({
      model: MODEL,
      stream: true,
      format: STORIES_SCHEMA,
    });
    expect(w.preview.filter((e) => e.type === 'item')).toHaveLength(2);
  });

  it('asks a server its version once, not before every call', async () => {
    const w = await world([answer({ stories: [story('One')] }), answer({ stories: [story('Two')] })]);
    for (const _ of [1, 2]) {
      const r = await w.send({ provider: 'ollama', model: MODEL, baseUrl: w.mock.url });
      expect(r.meta).toMatchObject({ engineVersion: '0.12.6' });
    }
    expect(w.mock.requests.filter((r) => r.path === '/api/version')).toHaveLength(1);
  });

  it('takes OLLAMA_HOST as the default base URL', async () => {
    const w = await world([answer({ stories: [story('From env')] })]);
    const fromEnv = apiWorld({ OLLAMA_HOST: w.mock.url });
    expect((await fromEnv.send({ provider: 'ollama', model: MODEL })).data).toEqual({
      stories: [story('From env')],
    });
  });

  it('refuses tool mode (Ollama cannot force a tool call) before any request', async () => {
    const w = await world([]);
    const error = await w.failure({ provider: 'ollama', model: MODEL, mode: 'tool', baseUrl: w.mock.url });
    expect(error).toMatchObject({
      code: 'structured_output_unsupported',
      message: expect.stringContaining(MODEL) as unknown,
    });
    expect(w.mock.modelCalls()).toHaveLength(0);
  });

  it('still enforces the range and enum the grammar may not', async () => {
    const zero = answer({ stories: [{ ...story('Zero'), points: 0 }] });
    const w = await world([zero, zero, zero]);
    const error = await w.failure({ provider: 'ollama', model: MODEL, baseUrl: w.mock.url });
    expect(error.code).toBe('validation_failed');
    expect(w.mock.modelCalls()).toHaveLength(3);
  });

  it('fails typed: unknown model, busy server retried, cut off at num_predict, nothing at the address', async () => {
    const w = await world([
      httpFailure(404, { message: `model "${MODEL}" not found, try pulling it first` }),
      httpFailure(503),
      answer({ stories: [story('Second try')] }),
      answer('{"stories":[{"title":"Lo', { finish: 'length' }),
    ]);
    const missing = await w.failure({ provider: 'ollama', model: MODEL, baseUrl: w.mock.url });
    expect(missing).toMatchObject({
      code: 'api_error',
      retryable: false,
      message: expect.stringContaining('try pulling it') as unknown,
    });
    expect((await w.send({ provider: 'ollama', model: MODEL, baseUrl: w.mock.url })).data).toEqual({
      stories: [story('Second try')],
    });
    expect(w.retries.map((r) => r.code)).toEqual(['overloaded']);
    expect((await w.failure({ provider: 'ollama', model: MODEL, baseUrl: w.mock.url })).code).toBe(
      'truncated',
    );
    const port = await closedPort();
    const gone = await w.failure({ provider: 'ollama', model: MODEL, baseUrl: `http://127.0.0.1:${port}` });
    expect(gone.code).toBe('server_unavailable');
  });

  it('cancels a call still waiting for the model: the request is aborted', async () => {
    const w = await world([{ kind: 'hang' }]);
    const reached = () => w.mock.waitForRequest((r) => r.kind === 'model');
    const error = await w.cancelled({ provider: 'ollama', model: MODEL, baseUrl: w.mock.url }, reached);
    expect(error.code).toBe('cancelled');
    await expect.poll(() => w.mock.abortedSeqs.size).toBe(1);
  });
});
