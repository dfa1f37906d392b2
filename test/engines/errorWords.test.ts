// Each API engine's failures in its own words, end to end through the official clients and the loopback mocks:
// a rate limit, an overload and an answer that does not match name the engine in use, never Claude or Anthropic.
import { describe, expect, it } from 'vitest';
import type { ProviderName } from '../../src/shared/engines';
import { mockPerTest } from '../support/llmMockTest';
import type { LlmMock } from '../support/mockLlmServer';
import { answer, httpFailure, type LlmMockTurn } from '../support/mockLlmTypes';
import { startMockGeminiApi } from '../support/mockGeminiApi';
import { startMockOllamaApi } from '../support/mockOllamaApi';
import { startMockOpenAiApi } from '../support/mockOpenAiApi';
import { apiWorld, story } from './apiWorld';

const slot = mockPerTest();
const KEY = 'key-0123456789abcdef';

interface Engine {
  provider: ProviderName;
  model: string;
  /** How its failures must name it. */
  named: RegExp;
  start(script: LlmMockTurn[]): Promise<LlmMock>;
  env: NodeJS.ProcessEnv;
}

const ENGINES: Engine[] = [
  {
    provider: 'openai',
    model: 'gpt-4o-mini',
    named: /OpenAI/,
    start: (script) => startMockOpenAiApi({ apiKey: KEY, script }),
    env: { OPENAI_API_KEY: KEY },
  },
  {
    provider: 'ollama',
    model: 'llama3.2:1b',
    named: /Ollama/,
    start: (script) => startMockOllamaApi({ script }),
    env: {},
  },
  {
    provider: 'gemini',
    model: 'gemini-2.5-flash',
    named: /Gemini/,
    start: (script) => startMockGeminiApi({ apiKey: KEY, script }),
    env: { GEMINI_API_KEY: KEY },
  },
];

const NOT_CLAUDE = /Claude|anthropic/i;

describe.each(ENGINES)('$provider failures', (engine) => {
  async function failed(script: LlmMockTurn[]) {
    const mock = slot.use(await engine.start(script));
    const w = apiWorld(engine.env);
    const error = await w.failure({ provider: engine.provider, model: engine.model, baseUrl: mock.url });
    return { error, notices: w.retries.map((r) => r.message) };
  }

  it('a rate limit names the engine, in the retry notices and the final error', async () => {
    const { error, notices } = await failed([httpFailure(429, { times: 4 })]);
    expect(error.code).toBe('rate_limited');
    for (const text of [error.message, ...notices]) {
      expect(text).toMatch(engine.named);
      expect(text).not.toMatch(NOT_CLAUDE);
    }
    expect(notices.length).toBeGreaterThan(0);
  });

  it('an overload names the engine', async () => {
    const { error } = await failed([httpFailure(503, { times: 4, message: 'busy' })]);
    expect(error.code).toBe('overloaded');
    expect(error.message).toMatch(engine.named);
    expect(error.message).not.toMatch(NOT_CLAUDE);
  });

  it('an answer that does not match the schema names the engine', async () => {
    const wrong = answer({ stories: [story('Big', 21)] });
    const { error } = await failed([wrong, wrong, wrong]);
    expect(error.code).toBe('validation_failed');
    expect(error.message).toMatch(engine.named);
    expect(error.message).not.toMatch(NOT_CLAUDE);
  });
});
