// The Ollama mock speaks the wire format the official `ollama` client reads: every case goes through the client.
import { Ollama } from 'ollama';
import { describe, expect, it } from 'vitest';
import { mockPerTest } from './llmMockTest';
import { answer, httpFailure } from './mockLlmTypes';
import { startMockOllamaApi } from './mockOllamaApi';

const slot = mockPerTest();

async function client(options: Parameters<typeof startMockOllamaApi>[0] = {}): Promise<Ollama> {
  const mock = slot.use(await startMockOllamaApi(options));
  return new Ollama({ host: mock.url });
}

const SCHEMA = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] };
const request = { model: 'llama3.2:latest', messages: [{ role: 'user', content: 'count' }], format: SCHEMA };
const TOOL = {
  type: 'function',
  function: { name: 'answer', description: 'the answer', parameters: SCHEMA },
};

describe('mock Ollama API through the ollama client', () => {
  it('answers /api/chat with format whole, with counts, and records the schema', async () => {
    const ollama = await client({ script: [answer({ n: 3 }, { usage: { input: 9, output: 4 } })] });
    const response = await ollama.chat({ ...request, stream: false });
    expect(response.message.content).toBe('{"n":3}');
    expect(response).toMatchObject({ done: true, done_reason: 'stop', prompt_eval_count: 9, eval_count: 4 });
    expect(slot.mock.modelCalls()[0]!.body).toMatchObject({ format: SCHEMA, stream: false });
  });

  it('streams NDJSON fragments ending in a done line with done_reason and counts', async () => {
    const ollama = await client({ script: [answer('{"n":12345}', { chunkSize: 4 })] });
    const parts: string[] = [];
    let last: { done_reason?: string; eval_count?: number } = {};
    for await (const chunk of await ollama.chat({ ...request, stream: true })) {
      if (chunk.message.content) parts.push(chunk.message.content);
      if (chunk.done) last = chunk;
    }
    expect(parts).toEqual(['{"n"', ':123', '45}']);
    expect(last).toMatchObject({ done_reason: 'stop', eval_count: 17 });
  });

  it('answers a request with one tool by calling it with an arguments object', async () => {
    const ollama = await client({ script: [answer({ n: 5 }), answer({ n: 6 })] });
    const whole = await ollama.chat({ ...request, format: undefined, tools: [TOOL], stream: false });
    expect(whole.message.tool_calls?.[0]?.function).toEqual({ name: 'answer', arguments: { n: 5 } });
    const calls: unknown[] = [];
    for await (const chunk of await ollama.chat({
      ...request,
      format: undefined,
      tools: [TOOL],
      stream: true,
    })) {
      for (const call of chunk.message.tool_calls ?? []) calls.push(call.function.arguments);
    }
    expect(calls).toEqual([{ n: 6 }]);
  });

  it('reports a cut-off answer with done_reason "length"', async () => {
    const ollama = await client({ script: [answer('{"n":', { finish: 'length' })] });
    const response = await ollama.chat({ ...request, stream: false });
    expect(response.done_reason).toBe('length');
  });

  it('fails with ResponseError and the status: unknown model, server busy', async () => {
    const ollama = await client({
      script: [httpFailure(404, { message: 'model "x" not found, try pulling it first' }), httpFailure(503)],
    });
    await expect(ollama.chat({ ...request, stream: false })).rejects.toMatchObject({
      name: 'ResponseError',
      status_code: 404,
      error: 'model "x" not found, try pulling it first',
    });
    await expect(ollama.chat({ ...request, stream: true })).rejects.toMatchObject({
      status_code: 503,
      error: expect.stringContaining('server busy') as unknown,
    });
  });

  it('aborts a stream that is still arriving; the server sees the connection close', async () => {
    const ollama = await client({ script: [{ kind: 'partial-hang', text: '{"n":1' }] });
    const stream = await ollama.chat({ ...request, stream: true });
    const reading = (async () => {
      for await (const chunk of stream) if (chunk.message.content === '{"n":1') stream.abort();
    })();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    await expect.poll(() => slot.mock.abortedSeqs.has(1)).toBe(true);
  });

  it('aborts a call still waiting for its answer through a fetch that carries the caller signal', async () => {
    const mock = slot.use(await startMockOllamaApi({ script: [{ kind: 'hang' }] }));
    const controller = new AbortController();
    const ollama = new Ollama({
      host: mock.url,
      fetch: (input, init) => fetch(input, { ...init, signal: controller.signal }),
    });
    const pending = ollama.chat({ ...request, stream: false });
    await mock.waitForRequest((r) => r.kind === 'model');
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('lists models, shows capabilities and version', async () => {
    const ollama = await client({ models: { 'qwen3:4b': ['completion'] } });
    expect((await ollama.list()).models.map((m) => m.name)).toEqual(['qwen3:4b']);
    expect((await ollama.show({ model: 'qwen3:4b' })).capabilities).toEqual(['completion']);
    await expect(ollama.show({ model: 'nope' })).rejects.toMatchObject({ status_code: 404 });
    expect(await ollama.version()).toEqual({ version: '0.12.6' });
  });
});
