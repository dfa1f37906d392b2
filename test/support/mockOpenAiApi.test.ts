// The OpenAI mock speaks the wire format the official `openai` client reads: every case goes through the client.
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { mockPerTest } from './llmMockTest';
import { answer, httpFailure } from './mockLlmTypes';
import { startMockOpenAiApi } from './mockOpenAiApi';

const KEY = 'sk-mock-key';
const slot = mockPerTest();

async function client(script: Parameters<typeof startMockOpenAiApi>[0] = {}): Promise<OpenAI> {
  const mock = slot.use(await startMockOpenAiApi({ apiKey: KEY, ...script }));
  return new OpenAI({ apiKey: KEY, baseURL: mock.url, maxRetries: 0 });
}

const SCHEMA = {
  type: 'object',
  properties: { n: { type: 'integer' } },
  required: ['n'],
  additionalProperties: false,
};
const nativeRequest = {
  model: 'gpt-4o-mini',
  messages: [{ role: 'user' as const, content: 'count' }],
  response_format: {
    type: 'json_schema' as const,
    json_schema: { name: 'answer', schema: SCHEMA, strict: true },
  },
};
const toolRequest = {
  model: 'gpt-4o-mini',
  messages: [{ role: 'user' as const, content: 'count' }],
  tools: [{ type: 'function' as const, function: { name: 'answer', parameters: SCHEMA, strict: true } }],
  tool_choice: { type: 'function' as const, function: { name: 'answer' } },
};

describe('mock OpenAI Chat Completions API through the openai client', () => {
  it('answers a json_schema request with content and usage, and records the request', async () => {
    const openai = await client({ script: [answer({ n: 3 }, { usage: { input: 11, output: 5 } })] });
    const completion = await openai.chat.completions.create(nativeRequest);
    expect(completion.choices[0]!.message.content).toBe('{"n":3}');
    expect(completion.choices[0]!.finish_reason).toBe('stop');
    expect(completion.usage).toMatchObject({ prompt_tokens: 11, completion_tokens: 5 });
    const call = slot.mock.modelCalls()[0]!;
    expect(call.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(call.body).toMatchObject({
      response_format: { type: 'json_schema', json_schema: { strict: true } },
    });
  });

  it('streams content deltas, then the finish chunk and a usage-only chunk', async () => {
    const openai = await client({ script: [answer('{"n":12345}', { chunkSize: 3 })] });
    const stream = await openai.chat.completions.create({
      ...nativeRequest,
      stream: true,
      stream_options: { include_usage: true },
    });
    const deltas: string[] = [];
    const finishes: (string | null)[] = [];
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      for (const choice of chunk.choices) {
        if (choice.delta.content) deltas.push(choice.delta.content);
        finishes.push(choice.finish_reason);
      }
      if (chunk.usage) usage = chunk.usage;
    }
    expect(deltas).toEqual(['{"n', '":1', '234', '5}']);
    expect(finishes.at(-1)).toBe('stop');
    expect(usage).toMatchObject({ prompt_tokens: 42, completion_tokens: 17 });
  });

  it('answers a forced function call with its arguments, whole and as deltas', async () => {
    const openai = await client({ script: [answer({ n: 1 }), answer({ n: 2 })] });
    const whole = await openai.chat.completions.create(toolRequest);
    const call = whole.choices[0]!.message.tool_calls![0]!;
    expect(call.type === 'function' && call.function).toEqual({ name: 'answer', arguments: '{"n":1}' });

    const stream = await openai.chat.completions.create({ ...toolRequest, stream: true });
    let args = '';
    let name: string | undefined;
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta.tool_calls?.[0];
      name ??= delta?.function?.name;
      args += delta?.function?.arguments ?? '';
    }
    expect(name).toBe('answer');
    expect(args).toBe('{"n":2}');
  });

  it('sends a refusal as message.refusal and as refusal deltas', async () => {
    const openai = await client({
      script: [
        { kind: 'refusal', text: 'I cannot.' },
        { kind: 'refusal', text: 'No.' },
      ],
    });
    const whole = await openai.chat.completions.create(nativeRequest);
    expect(whole.choices[0]!.message).toMatchObject({ content: null, refusal: 'I cannot.' });
    let refusal = '';
    for await (const chunk of await openai.chat.completions.create({ ...nativeRequest, stream: true })) {
      refusal += chunk.choices[0]?.delta.refusal ?? '';
    }
    expect(refusal).toBe('No.');
  });

  it('reports a cut-off answer with finish_reason "length"', async () => {
    const openai = await client({ script: [answer('{"n":', { finish: 'length' })] });
    const completion = await openai.chat.completions.create(nativeRequest);
    expect(completion.choices[0]!.finish_reason).toBe('length');
  });

  it('fails with the typed client errors: bad key, rate limit with retry-after, overloaded', async () => {
    const openai = await client({
      script: [httpFailure(429, { retryAfterSeconds: 7 }), httpFailure(503, { message: 'overloaded' })],
    });
    const badKey = new OpenAI({ apiKey: 'sk-wrong', baseURL: slot.mock.url, maxRetries: 0 });
    await expect(badKey.chat.completions.create(nativeRequest)).rejects.toBeInstanceOf(
      OpenAI.AuthenticationError,
    );
    const limited = await openai.chat.completions.create(nativeRequest).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(OpenAI.RateLimitError);
    expect((limited as InstanceType<typeof OpenAI.RateLimitError>).headers.get('retry-after')).toBe('7');
    await expect(openai.chat.completions.create(nativeRequest)).rejects.toMatchObject({ status: 503 });
  });

  // openai v7 ends the iteration quietly on abort (no APIUserAbortError once the stream is open): the caller
  // must look at its own signal.
  it('lets the client abort a stream that is still arriving; the server sees the connection close', async () => {
    const openai = await client({ script: [{ kind: 'partial-hang', text: '{"n":1' }] });
    const controller = new AbortController();
    const stream = await openai.chat.completions.create(
      { ...nativeRequest, stream: true },
      { signal: controller.signal },
    );
    const reading = (async () => {
      for await (const chunk of stream) if (chunk.choices[0]?.delta.content === '{"n":1') controller.abort();
    })();
    await reading;
    expect(controller.signal.aborted).toBe(true);
    await expect.poll(() => slot.mock.abortedSeqs.has(1)).toBe(true);
  });

  it('rejects a request that is still waiting for its answer with APIUserAbortError', async () => {
    const openai = await client({ script: [{ kind: 'hang' }] });
    const controller = new AbortController();
    const pending = openai.chat.completions.create(nativeRequest, { signal: controller.signal });
    await slot.mock.waitForRequest((r) => r.kind === 'model');
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(OpenAI.APIUserAbortError);
  });

  it('lists models', async () => {
    const openai = await client({ models: ['a', 'b'] });
    const ids: string[] = [];
    for await (const model of openai.models.list()) ids.push(model.id);
    expect(ids).toEqual(['a', 'b']);
  });
});
