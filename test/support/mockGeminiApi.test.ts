// The Gemini mock speaks the wire format @google/genai reads: every case goes through the official client.
import { ApiError, FunctionCallingConfigMode, GoogleGenAI, Type } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { startMockGeminiApi } from './mockGeminiApi';
import { mockPerTest } from './llmMockTest';
import { answer, httpFailure } from './mockLlmTypes';

const KEY = 'gemini-mock-key';
const slot = mockPerTest();

async function client(options: Parameters<typeof startMockGeminiApi>[0] = {}): Promise<GoogleGenAI> {
  const mock = slot.use(await startMockGeminiApi({ apiKey: KEY, ...options }));
  return new GoogleGenAI({ apiKey: KEY, httpOptions: { baseUrl: mock.url } });
}

const SCHEMA = { type: Type.OBJECT, properties: { n: { type: Type.INTEGER } }, required: ['n'] };
const nativeRequest = {
  model: 'gemini-2.5-flash',
  contents: 'count',
  config: { responseMimeType: 'application/json', responseSchema: SCHEMA },
};
const toolRequest = {
  model: 'gemini-2.5-flash',
  contents: 'count',
  config: {
    tools: [{ functionDeclarations: [{ name: 'answer', parameters: SCHEMA }] }],
    toolConfig: {
      functionCallingConfig: { mode: FunctionCallingConfigMode.ANY, allowedFunctionNames: ['answer'] },
    },
  },
};

describe('mock Gemini API through @google/genai', () => {
  it('answers generateContent with JSON text and usage, and records the schema and key', async () => {
    const ai = await client({ script: [answer({ n: 3 }, { usage: { input: 8, output: 3 } })] });
    const response = await ai.models.generateContent(nativeRequest);
    expect(response.text).toBe('{"n":3}');
    expect(response.candidates?.[0]?.finishReason).toBe('STOP');
    expect(response.usageMetadata).toMatchObject({ promptTokenCount: 8, candidatesTokenCount: 3 });
    const call = slot.mock.modelCalls()[0]!;
    expect(call.path).toBe('/v1/models/gemini-2.5-flash:generateContent');
    expect(call.headers['x-goog-api-key']).toBe(KEY);
    expect(call.body).toMatchObject({ generationConfig: { responseMimeType: 'application/json' } });
  });

  it('streams text parts over SSE, the last one with finishReason and usage', async () => {
    const ai = await client({ script: [answer('{"n":12345}', { chunkSize: 5 })] });
    const parts: string[] = [];
    const finishes: (string | undefined)[] = [];
    let output: number | undefined;
    for await (const chunk of await ai.models.generateContentStream(nativeRequest)) {
      parts.push(chunk.text ?? '');
      finishes.push(chunk.candidates?.[0]?.finishReason);
      output = chunk.usageMetadata?.candidatesTokenCount;
    }
    expect(parts).toEqual(['{"n":', '12345', '}']);
    expect(finishes).toEqual([undefined, undefined, 'STOP']);
    expect(output).toBe(17);
    expect(slot.mock.modelCalls()[0]!.query.get('alt')).toBe('sse');
  });

  it('answers a forced function call with its args, whole and streamed', async () => {
    const ai = await client({ script: [answer({ n: 1 }), answer({ n: 2 })] });
    const whole = await ai.models.generateContent(toolRequest);
    expect(whole.functionCalls).toEqual([{ name: 'answer', args: { n: 1 } }]);
    const calls: unknown[] = [];
    for await (const chunk of await ai.models.generateContentStream(toolRequest)) {
      calls.push(...(chunk.functionCalls ?? []).map((c) => c.args));
    }
    expect(calls).toEqual([{ n: 2 }]);
  });

  it('ends a cut-off answer with MAX_TOKENS and a refusal with SAFETY', async () => {
    const ai = await client({
      script: [answer('{"n":', { finish: 'length' }), { kind: 'refusal', text: 'no' }],
    });
    const cut = await ai.models.generateContent(nativeRequest);
    expect(cut.candidates?.[0]?.finishReason).toBe('MAX_TOKENS');
    const refused: (string | undefined)[] = [];
    for await (const chunk of await ai.models.generateContentStream(nativeRequest)) {
      refused.push(chunk.candidates?.[0]?.finishReason);
    }
    expect(refused).toEqual(['SAFETY']);
  });

  it('fails with ApiError: bad key (400 API_KEY_INVALID), rate limit with RetryInfo, unavailable', async () => {
    const ai = await client({ script: [httpFailure(429, { retryAfterSeconds: 9 }), httpFailure(503)] });
    const badKey = new GoogleGenAI({ apiKey: 'wrong', httpOptions: { baseUrl: slot.mock.url } });
    const refused = await badKey.models.generateContent(nativeRequest).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({
      status: 400,
      message: expect.stringContaining('API_KEY_INVALID') as unknown,
    });
    const limited = await ai.models.generateContentStream(nativeRequest).catch((e: unknown) => e);
    expect(limited).toMatchObject({
      status: 429,
      message: expect.stringContaining('"retryDelay":"9s"') as unknown,
    });
    await expect(ai.models.generateContent(nativeRequest)).rejects.toMatchObject({ status: 503 });
  });

  it('aborts a stream that is still arriving; the server sees the connection close', async () => {
    const ai = await client({ script: [{ kind: 'partial-hang', text: '{"n":1' }] });
    const controller = new AbortController();
    const stream = await ai.models.generateContentStream({
      ...nativeRequest,
      config: { ...nativeRequest.config, abortSignal: controller.signal },
    });
    const reading = (async () => {
      for await (const chunk of stream) if (chunk.text === '{"n":1') controller.abort();
    })();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    await expect.poll(() => slot.mock.abortedSeqs.has(1)).toBe(true);
  });

  it('lists models', async () => {
    const ai = await client({ models: ['gemini-2.5-pro'] });
    const names: (string | undefined)[] = [];
    for await (const model of await ai.models.list()) names.push(model.name);
    expect(names).toEqual(['models/gemini-2.5-pro']);
  });
});
