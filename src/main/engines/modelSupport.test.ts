import { describe, expect, it } from 'vitest';
import { PromptError } from '../llm/errors';
import { GEMINI_TRAITS } from './gemini/traits';
import { chooseMode } from './modelSupport';
import { OLLAMA_TRAITS } from './ollama/traits';
import { OPENAI_TRAITS } from './openai/traits';

const BY_NAME = { openai: OPENAI_TRAITS, ollama: OLLAMA_TRAITS, gemini: GEMINI_TRAITS };

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
    expect(chooseMode(BY_NAME.openai, 'gpt-4o-mini', 'auto')).toBe('native');
    expect(chooseMode(BY_NAME.openai, 'my-local-llama', 'auto')).toBe('native');
    expect(chooseMode(BY_NAME.openai, 'gpt-3.5-turbo', 'auto')).toBe('tool');
    expect(chooseMode(BY_NAME.openai, 'openai/gpt-4-turbo', 'auto')).toBe('tool');
    expect(chooseMode(BY_NAME.gemini, 'gemini-2.5-flash', 'auto')).toBe('native');
    expect(chooseMode(BY_NAME.gemini, 'models/gemini-1.0-pro', 'auto')).toBe('tool');
    expect(chooseMode(BY_NAME.ollama, 'llama3.2', 'auto')).toBe('native');
  });

  it('keeps the mode asked for when the model has it', () => {
    expect(chooseMode(BY_NAME.openai, 'gpt-4o', 'tool')).toBe('tool');
    expect(chooseMode(BY_NAME.gemini, 'gemini-2.5-pro', 'tool')).toBe('tool');
    expect(chooseMode(BY_NAME.openai, 'gpt-4.1', 'native')).toBe('native');
  });

  it('refuses a model with neither way, naming it', () => {
    const error = refusal(() => chooseMode(BY_NAME.openai, 'o1-mini', 'auto'));
    expect(error.code).toBe('structured_output_unsupported');
    expect(error.message).toContain('"o1-mini"');
    expect(error.diagnostics).toMatchObject({ provider: 'openai', model: 'o1-mini' });
    expect(refusal(() => chooseMode(BY_NAME.gemini, 'gemma-3-27b-it', 'auto')).message).toContain(
      'gemma-3-27b-it',
    );
  });

  it('refuses a mode the model or provider does not have instead of falling back', () => {
    expect(refusal(() => chooseMode(BY_NAME.openai, 'gpt-3.5-turbo', 'native')).message).toMatch(
      /"gpt-3\.5-turbo" does not support native structured output/,
    );
    expect(refusal(() => chooseMode(BY_NAME.ollama, 'llama3.2', 'tool')).code).toBe(
      'structured_output_unsupported',
    );
  });

  it('reports what a model supports', () => {
    expect(BY_NAME.openai.support('gpt-5')).toEqual({ native: true, tool: true });
    expect(BY_NAME.ollama.support('qwen3')).toMatchObject({ native: true, tool: false });
  });
});
