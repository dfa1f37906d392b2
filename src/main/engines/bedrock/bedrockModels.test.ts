import { describe, expect, it } from 'vitest';
import { chooseMode, structuredSupport } from '../modelSupport';

describe('which way a Bedrock model answers', () => {
  it('is native for Claude 4.5 and later, by model id, inference profile or ARN', () => {
    for (const model of [
      'anthropic.claude-sonnet-4-5-20250929-v1:0',
      'us.anthropic.claude-haiku-4-5-20251001-v1:0',
      'global.anthropic.claude-opus-4-5-20251101-v1:0',
      'arn:aws:bedrock:eu-west-1:123456789012:inference-profile/eu.anthropic.claude-sonnet-4-5-20250929-v1:0',
      'qwen.qwen3-32b-v1:0',
    ])
      expect(chooseMode('bedrock', model, 'auto'), model).toBe('native');
  });

  it('is a forced tool for the models without native structured output, and neither for old text models', () => {
    expect(chooseMode('bedrock', 'anthropic.claude-3-5-haiku-20241022-v1:0', 'auto')).toBe('tool');
    expect(chooseMode('bedrock', 'us.amazon.nova-pro-v1:0', 'auto')).toBe('tool');
    expect(chooseMode('bedrock', 'us.anthropic.claude-sonnet-4-20250514-v1:0', 'auto')).toBe('tool');
    expect(structuredSupport('bedrock', 'amazon.titan-text-express-v1')).toMatchObject({
      native: false,
      tool: false,
    });
    expect(() => chooseMode('bedrock', 'meta.llama3-8b-instruct-v1:0', 'auto')).toThrow(/neither/);
    expect(() => chooseMode('bedrock', 'us.amazon.nova-pro-v1:0', 'native')).toThrow(/--mode tool/);
  });
});
