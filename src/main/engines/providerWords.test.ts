// How each provider's failures name it: its own words for every message that names an engine; only the Claude
// engines (the CLI and the Anthropic API) say Claude and Anthropic's status page.
import { describe, expect, it } from 'vitest';
import { PROVIDER_NAMES } from '../../shared/engines';
import { silentLogger } from '../base/logger';
import { PromptError, type PromptErrorCode } from '../llm/errors';
import { createProviders } from './registry';

const providers = createProviders({
  logger: silentLogger,
  env: () => ({}),
  cli: { locate: () => Promise.reject(new Error('the CLI is not asked')) },
});
const CLAUDE_ONES = new Set(['claude-cli', 'anthropic']);
const ENGINE_CODES: PromptErrorCode[] = [
  'rate_limited',
  'overloaded',
  'api_error',
  'validation_failed',
  'timeout',
  'max_turns',
  'no_structured_output',
];

describe.each(PROVIDER_NAMES)('%s error words', (name) => {
  const words = providers(name).words;

  it.each(ENGINE_CODES)('%s names the engine in use', (code) => {
    const message = new PromptError(code, { detail: 'HTTP 5xx' }).inWordsOf(words).message;
    expect(message).toMatch(code === 'overloaded' || code === 'api_error' ? words.service : words.who);
    expect(message).toMatch(/\(HTTP 5xx\)$/);
    if (CLAUDE_ONES.has(name)) expect(message).not.toMatch(/OpenAI|Ollama|Gemini/);
    else expect(message).not.toMatch(/Claude|anthropic/i);
  });

  it('keeps a custom message, and its words through added evidence', () => {
    const custom = new PromptError('overloaded', { message: 'The server said so.' }).inWordsOf(words);
    expect(custom.message).toBe('The server said so.');
    const worded = new PromptError('overloaded').inWordsOf(words).withDiagnostics({ attempts: 2 });
    expect(worded.message).toBe(new PromptError('overloaded', { words }).message);
    expect(worded.diagnostics.attempts).toBe(2);
  });
});

it('the non-Claude engines each have their own name', () => {
  const names = PROVIDER_NAMES.filter((n) => !CLAUDE_ONES.has(n)).map((n) => providers(n).words.who);
  expect(names).toEqual(['OpenAI', 'Ollama', 'Gemini', 'Amazon Bedrock']);
});
