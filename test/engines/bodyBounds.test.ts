// Every HTTP engine bounds what a server may send: one endless line (200 MB without a newline) fails typed within
// seconds instead of being buffered whole by the client's parser, and the server sees the request go away.
import { describe, expect, it } from 'vitest';
import { mockPerTest } from '../support/llmMockTest';
import type { LlmMock } from '../support/mockLlmServer';
import { startMockGeminiApi } from '../support/mockGeminiApi';
import { startMockMessagesApi } from '../support/mockMessagesApi';
import { startMockOllamaApi } from '../support/mockOllamaApi';
import { startMockOpenAiApi } from '../support/mockOpenAiApi';
import { apiWorld } from './apiWorld';

const KEY = 'test-key-0123456789';
const FLOOD = 200 * 1024 * 1024;
const slot = mockPerTest();

const providers = [
  { provider: 'ollama', model: 'llama3.2:latest', env: {}, start: startMockOllamaApi },
  { provider: 'openai', model: 'gpt-4.1-mini', env: { OPENAI_API_KEY: KEY }, start: startMockOpenAiApi },
  { provider: 'gemini', model: 'gemini-2.5-flash', env: { GEMINI_API_KEY: KEY }, start: startMockGeminiApi },
] as const;

describe.each(providers)('$provider with an endless line', ({ provider, model, env, start }) => {
  it('fails garbage_output, not retried, and the request is dropped', async () => {
    const mock: LlmMock = slot.use(await start({ apiKey: KEY, script: [{ kind: 'flood', bytes: FLOOD }] }));
    const w = apiWorld(env);
    const error = await w.failure({ provider, model, baseUrl: mock.url });
    expect(error.code).toBe('garbage_output');
    expect(error.message).toContain('16 MB');
    // One request only: an answer too large is not worth another try.
    expect(mock.modelCalls()).toHaveLength(1);
    // The client went away near the line bound, long before the 200 MB were sent.
    expect(await mock.floods[0]).toBeLessThan(FLOOD / 2);
  });
});

describe('anthropic with an endless line', () => {
  it('fails garbage_output, not retried, and the request is dropped', async () => {
    const mock = await startMockMessagesApi({
      script: [{ kind: 'flood', bytes: FLOOD }],
      isMainLoop: () => true,
    });
    try {
      const w = apiWorld({ ANTHROPIC_API_KEY: KEY });
      const error = await w.failure({ provider: 'anthropic', model: 'claude-sonnet-4-5', baseUrl: mock.url });
      expect(error.code).toBe('garbage_output');
      expect(mock.mainRequests()).toHaveLength(1);
      expect(await mock.floods[0]).toBeLessThan(FLOOD / 2);
    } finally {
      await mock.close();
    }
  });
});
