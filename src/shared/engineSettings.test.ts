import { describe, expect, it } from 'vitest';
import { defaultEngineSettings, engineChoiceFor, sanitizeEngineSettings } from './engineSettings';

describe('sanitizeEngineSettings', () => {
  it('keeps a default engine, per-workflow rows and base URLs that are well formed', () => {
    const s = sanitizeEngineSettings({
      default: { provider: 'openai', model: 'gpt-4o-mini', mode: 'native' },
      workflows: { generateTitle: { provider: 'ollama', model: 'llama3.2:1b', mode: 'auto' } },
      baseUrls: { openai: 'http://127.0.0.1:8000/v1' },
    });
    expect(s).toEqual({
      default: { provider: 'openai', model: 'gpt-4o-mini', mode: 'native' },
      workflows: { generateTitle: { provider: 'ollama', model: 'llama3.2:1b', mode: 'auto' } },
      baseUrls: { openai: 'http://127.0.0.1:8000/v1' },
    });
  });

  it('drops unknown workflows and providers, bad URLs, models and modes', () => {
    const s = sanitizeEngineSettings({
      default: { provider: 'acme', model: 'x', mode: 'auto' },
      workflows: {
        noSuchWorkflow: { provider: 'openai', model: 'm', mode: 'auto' },
        generatePlan: { provider: 'anthropic', model: 'bad model!', mode: 'loud' },
      },
      baseUrls: { openai: 'file:///etc/passwd', acme: 'http://x', gemini: 42 },
      apiKey: 'never-kept',
    });
    expect(s).toEqual({
      default: defaultEngineSettings().default,
      workflows: { generatePlan: { provider: 'anthropic', model: '', mode: 'auto' } },
      baseUrls: {},
    });
  });

  it('gives the defaults for anything that is not an object', () => {
    for (const raw of [null, 3, 'x', undefined])
      expect(sanitizeEngineSettings(raw)).toEqual(defaultEngineSettings());
  });
});

describe('engineChoiceFor', () => {
  it("uses the workflow's own row, else the default engine", () => {
    const s = sanitizeEngineSettings({
      default: { provider: 'anthropic', model: 'claude-opus-4-1', mode: 'auto' },
      workflows: { generateTitle: { provider: 'ollama', model: 'qwen3:0.6b', mode: 'auto' } },
    });
    expect(engineChoiceFor(s, 'generateTitle')).toEqual({
      provider: 'ollama',
      model: 'qwen3:0.6b',
      mode: 'auto',
    });
    expect(engineChoiceFor(s, 'generatePlan')).toEqual({
      provider: 'anthropic',
      model: 'claude-opus-4-1',
      mode: 'auto',
    });
  });
});
