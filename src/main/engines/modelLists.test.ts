// The model lists through the official clients against the loopback APIs.
import { describe, expect, it } from 'vitest';
import { mockPerTest } from '../../../test/support/llmMockTest';
import { startMockGeminiApi } from '../../../test/support/mockGeminiApi';
import { startMockOllamaApi } from '../../../test/support/mockOllamaApi';
import { startMockOpenAiApi } from '../../../test/support/mockOpenAiApi';
import { listModels } from './modelLists';

const slot = mockPerTest();

describe('listModels', () => {
  it("lists an OpenAI-compatible server's models, sorted, with its key", async () => {
    const mock = slot.use(await startMockOpenAiApi({ models: ['gpt-4o', 'gpt-4.1-mini'] }));
    const names = await listModels('openai', { env: { OPENAI_API_KEY: 'sk-list' }, baseUrl: mock.url });
    expect(names).toEqual(['gpt-4.1-mini', 'gpt-4o']);
    expect(mock.requests[0]!.headers.authorization).toBe('Bearer sk-list');
  });

  it("lists Ollama's pulled models from OLLAMA_HOST", async () => {
    const mock = slot.use(
      await startMockOllamaApi({ models: { 'qwen3:4b': ['completion'], 'llama3.2:latest': [] } }),
    );
    expect(await listModels('ollama', { env: { OLLAMA_HOST: mock.url } })).toEqual([
      'llama3.2:latest',
      'qwen3:4b',
    ]);
  });

  it('lists Gemini models without their models/ prefix', async () => {
    const mock = slot.use(await startMockGeminiApi({ apiKey: 'AIza-list', models: ['gemini-2.5-pro'] }));
    expect(await listModels('gemini', { env: { GEMINI_API_KEY: 'AIza-list' }, baseUrl: mock.url })).toEqual([
      'gemini-2.5-pro',
    ]);
  });

  it("fails with the calls' typed errors: no key, a refused key, nothing at the address", async () => {
    await expect(listModels('gemini', { env: {} })).rejects.toMatchObject({ code: 'no_api_key' });
    const mock = slot.use(await startMockOpenAiApi({ apiKey: 'sk-right' }));
    const refused = await listModels('openai', {
      env: { OPENAI_API_KEY: 'sk-wrong' },
      baseUrl: mock.url,
    }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'auth_failed', diagnostics: { httpStatus: 401 } });
    expect(JSON.stringify(refused)).not.toContain('sk-wrong');
    await mock.close();
    await expect(
      listModels('ollama', { env: {}, baseUrl: mock.url.replace('/v1', '') }),
    ).rejects.toMatchObject({
      code: 'server_unavailable',
    });
  });
});
