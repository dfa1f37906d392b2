// The Settings model picker's lists, through each official client against its loopback mock, and the typed
// failures a list shares with a call (no key, a refused key, nothing at the address).
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/main/base/logger';
import type { ProviderName } from '../../src/shared/engines';
import { createProviders } from '../../src/main/engines/registry';
import { mockPerTest } from '../support/llmMockTest';
import { startMockGeminiApi } from '../support/mockGeminiApi';
import { startMockMessagesApi } from '../support/mockMessagesApi';
import { startMockOllamaApi } from '../support/mockOllamaApi';
import { startMockOpenAiApi } from '../support/mockOpenAiApi';
import { closedPort } from './apiWorld';

const slot = mockPerTest();

/** A provider's own list (Provider.listModels), the provider built as the composition root builds it. */
function listModels(provider: ProviderName, where: { env: NodeJS.ProcessEnv; baseUrl?: string }) {
  const providers = createProviders({
    logger: silentLogger,
    env: () => where.env,
    cli: { locate: () => Promise.reject(new Error('the CLI is not asked')) },
  });
  return providers(provider).listModels(where.baseUrl ? { baseUrl: where.baseUrl } : {});
}

describe('listModels', () => {
  it('lists an OpenAI-compatible server’s /v1/models, sorted, without a key for a local server', async () => {
    const mock = slot.use(await startMockOpenAiApi({ models: ['qwen2.5', 'llama-3.1-8b'] }));
    expect(await listModels('openai', { env: {}, baseUrl: mock.url })).toEqual(['llama-3.1-8b', 'qwen2.5']);
  });

  it('lists the Anthropic API’s models through its SDK, with the key', async () => {
    const mock = await startMockMessagesApi({ models: ['claude-sonnet-4-5', 'claude-haiku-4-5'] });
    try {
      const env = { ANTHROPIC_API_KEY: 'sk-ant-list' };
      expect(await listModels('anthropic', { env, baseUrl: mock.url })).toEqual([
        'claude-haiku-4-5',
        'claude-sonnet-4-5',
      ]);
      expect(mock.requests[0]).toMatchObject({ method: 'GET', path: '/v1/models' });
      // The SDK sends the key as x-api-key or, in its newer versions, as a bearer token.
      const { authorization, 'x-api-key': apiKey } = mock.requests[0]!.headers;
      expect(String(apiKey ?? authorization)).toContain('sk-ant-list');
    } finally {
      await mock.close();
    }
  });

  it('says auth_failed for a refused key, without repeating the key', async () => {
    const mock = slot.use(await startMockOpenAiApi({ apiKey: 'sk-right' }));
    const refused = await listModels('openai', {
      env: { OPENAI_API_KEY: 'sk-wrong' },
      baseUrl: mock.url,
    }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'auth_failed', diagnostics: { httpStatus: 401 } });
    expect(JSON.stringify(refused)).not.toContain('sk-wrong');
  });

  it('lists Ollama’s local models', async () => {
    const mock = slot.use(await startMockOllamaApi({ models: { 'llama3.2:1b': ['completion'] } }));
    expect(await listModels('ollama', { env: {}, baseUrl: mock.url })).toEqual(['llama3.2:1b']);
  });

  it('lists Gemini’s models without their models/ prefix, with the key', async () => {
    const mock = slot.use(await startMockGeminiApi({ apiKey: 'g-key', models: ['gemini-2.5-flash'] }));
    expect(await listModels('gemini', { env: { GEMINI_API_KEY: 'g-key' }, baseUrl: mock.url })).toEqual([
      'gemini-2.5-flash',
    ]);
    await expect(
      listModels('gemini', { env: { GEMINI_API_KEY: 'wrong' }, baseUrl: mock.url }),
    ).rejects.toMatchObject({ code: 'auth_failed' });
  });

  it('offers the CLI’s aliases for claude-cli, and refuses without a key where one is needed', async () => {
    expect(await listModels('claude-cli', { env: {} })).toEqual(['haiku', 'opus', 'sonnet']);
    await expect(listModels('anthropic', { env: {} })).rejects.toMatchObject({ code: 'no_api_key' });
    await expect(listModels('gemini', { env: {} })).rejects.toMatchObject({ code: 'no_api_key' });
  });

  it('says server_unavailable when nothing answers at the address', async () => {
    const port = await closedPort();
    await expect(
      listModels('ollama', { env: {}, baseUrl: `http://127.0.0.1:${port}` }),
    ).rejects.toMatchObject({
      code: 'server_unavailable',
    });
  });
});
