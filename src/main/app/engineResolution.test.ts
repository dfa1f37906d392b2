import { describe, expect, it } from 'vitest';
import { sanitizeEngineSettings } from '../../shared/engineSettings';
import { engineSettings } from './services';

const settings = {
  defaultModel: 'opus',
  engines: sanitizeEngineSettings({
    default: { provider: 'anthropic', model: 'claude-sonnet-4-5', mode: 'tool' },
    workflows: {
      generateTitle: { provider: 'ollama', model: 'qwen3:0.6b', mode: 'auto' },
      generatePlan: { provider: 'claude-cli', model: '', mode: 'auto' },
    },
    baseUrls: { ollama: 'http://127.0.0.1:11434', openai: 'http://127.0.0.1:8000/v1' },
  }),
};

describe("a workflow's engine", () => {
  it("is the workflow's own row, with its provider's base URL", () => {
    expect(engineSettings(settings, 'generateTitle', undefined)).toEqual({
      provider: 'ollama',
      defaultModel: 'qwen3:0.6b',
      baseUrl: 'http://127.0.0.1:11434',
      mode: 'auto',
    });
  });

  it('is the default engine for a workflow without a row', () => {
    expect(engineSettings(settings, 'deriveStories', undefined)).toEqual({
      provider: 'anthropic',
      defaultModel: 'claude-sonnet-4-5',
      mode: 'tool',
    });
  });

  it('uses the Claude Code model of the settings for a claude-cli row without a model', () => {
    expect(engineSettings(settings, 'generatePlan', undefined)).toEqual({
      provider: 'claude-cli',
      defaultModel: 'opus',
      mode: 'auto',
    });
  });

  it("gives way to the headless flags; another provider's row model and mode do not follow", () => {
    expect(
      engineSettings(settings, 'deriveStories', { provider: 'openai', defaultModel: 'gpt-4.1' }),
    ).toEqual({
      provider: 'openai',
      defaultModel: 'gpt-4.1',
      baseUrl: 'http://127.0.0.1:8000/v1',
    });
    expect(engineSettings(settings, 'deriveStories', { defaultModel: 'claude-haiku-4-5' })).toEqual({
      provider: 'anthropic',
      defaultModel: 'claude-haiku-4-5',
      mode: 'tool',
    });
  });
});
