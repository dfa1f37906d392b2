import { describe, expect, it } from 'vitest';
import { chooseMode } from '../modelSupport';
import { BEDROCK_TRAITS } from './traits';

describe('which way a Bedrock model answers', () => {
  it('is native for Claude 4.5 and later, by model id, inference profile or ARN', () => {
    for (const model of [
      'anthropic.claude-sonnet-4-5-20250929-v1:0',
      'us.anthropic.claude-haiku-4-5-20251001-v1:0',
      'global.anthropic.claude-opus-4-5-20251101-v1:0',
      'arn:aws:bedrock:eu-west-1:123456789012:inference-profile/eu.anthropic.claude-sonnet-4-5-20250929-v1:0',
      'qwen.qwen3-32b-v1:0',
    ])
      expect(chooseMode(BEDROCK_TRAITS, model, 'auto'), model).toBe('native');
  });

  it('is a forced tool for the models without native structured output, and neither for old text models', () => {
    expect(chooseMode(BEDROCK_TRAITS, 'anthropic.claude-3-5-haiku-20241022-v1:0', 'auto')).toBe('tool');
    expect(chooseMode(BEDROCK_TRAITS, 'us.amazon.nova-pro-v1:0', 'auto')).toBe('tool');
    expect(chooseMode(BEDROCK_TRAITS, 'us.anthropic.claude-sonnet-4-20250514-v1:0', 'auto')).toBe('tool');
    expect(BEDROCK_TRAITS.support('amazon.titan-text-express-v1')).toMatchObject({
      native: false,
      tool: false,
    });
    expect(() => chooseMode(BEDROCK_TRAITS, 'meta.llama3-8b-instruct-v1:0', 'auto')).toThrow(/neither/);
    expect(() => chooseMode(BEDROCK_TRAITS, 'us.amazon.nova-pro-v1:0', 'native')).toThrow(/--mode tool/);
  });
});
