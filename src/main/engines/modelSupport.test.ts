import { describe, expect, it } from 'vitest';
import { PromptError } from '../llm/errors';
import { chooseMode, structuredSupport } from './modelSupport';

function refusal(run: () => unknown): PromptError {
  try {
    run();
  } catch (error) {
    if (error instanceof PromptError) return error;
  }
  throw new Error('expected a PromptError');
}

describe('chooseMode', () => {
  it('picks native where the model supports it, else tool, in auto', () => {
    expect(chooseMode('openai', 'gpt-4o-mini', 'auto')).toBe('native');
    expect(chooseMode('openai', 'my-local-llama', 'auto')).toBe('native');
    expect(chooseMode('openai', 'gpt-3.5-turbo', 'auto')).toBe('tool');
    expect(chooseMode('openai', 'openai/gpt-4-turbo', 'auto')).toBe('tool');
    expect(chooseMode('gemini', 'gemini-2.5-flash', 'auto')).toBe('native');
    expect(chooseMode('gemini', 'models/gemini-1.0-pro', 'auto')).toBe('tool');
    expect(chooseMode('ollama', 'llama3.2', 'auto')).toBe('native');
  });

  it('keeps the mode asked for when the model has it', () => {
    expect(chooseMode('openai', 'gpt-4o', 'tool')).toBe('tool');
    expect(chooseMode('gemini', 'gemini-2.5-pro', 'tool')).toBe('tool');
    expect(chooseMode('openai', 'gpt-4.1', 'native')).toBe('native');
  });

  it('refuses a model with neither way, naming it', () => {
    const error = refusal(() => chooseMode('openai', 'o1-mini', 'auto'));
    expect(error.code).toBe('structured_output_unsupported');
    expect(error.message).toContain('"o1-mini"');
    expect(error.diagnostics).toMatchObject({ provider: 'openai', model: 'o1-mini' });
    expect(refusal(() => chooseMode('gemini', 'gemma-3-27b-it', 'auto')).message).toContain('gemma-3-27b-it');
  });

  it('refuses a mode the model or provider does not have instead of falling back', () => {
    expect(refusal(() => chooseMode('openai', 'gpt-3.5-turbo', 'native')).message).toMatch(
      /"gpt-3\.5-turbo" does not support native structured output/,
    );
    expect(refusal(() => chooseMode('ollama', 'llama3.2', 'tool')).code).toBe(
      'structured_output_unsupported',
    );
  });

  it('reports what a model supports', () => {
    expect(structuredSupport('openai', 'gpt-5')).toEqual({ native: true, tool: true });
    expect(structuredSupport('ollama', 'qwen3')).toEqual({ native: true, tool: false });
  });
});
