import { describe, expect, it } from 'vitest';
import { costFromUsage, priceOf, type PriceTable } from './cost';

const prices: PriceTable = {
  'claude-cli': {},
  anthropic: { 'claude-x': { input: 3, output: 15 }, 'claude-x-mini': { input: 1, output: 5 } },
  openai: {},
  ollama: { '*': { input: 0, output: 0 } },
  gemini: {},
  bedrock: {},
};

describe('costFromUsage', () => {
  it('prices input and output tokens per million', () => {
    expect(costFromUsage('anthropic', 'claude-x', 1_000_000, 100_000, prices)).toBeCloseTo(3 + 1.5);
  });

  it('matches a dated snapshot to the longest listed name it extends', () => {
    expect(priceOf('anthropic', 'claude-x-mini-20250101', prices)).toEqual({ input: 1, output: 5 });
    expect(priceOf('anthropic', 'claude-x-20250101', prices)).toEqual({ input: 3, output: 15 });
    expect(priceOf('anthropic', 'claude-xl', prices)).toBeNull();
  });

  it('says unknown (null), never 0, for a model without a price or usage without counts', () => {
    expect(costFromUsage('anthropic', 'claude-unknown', 10, 10, prices)).toBeNull();
    expect(costFromUsage('openai', 'gpt-x', 10, 10, prices)).toBeNull();
    expect(costFromUsage('anthropic', null, 10, 10, prices)).toBeNull();
    expect(costFromUsage('anthropic', 'claude-x', null, 10, prices)).toBeNull();
  });

  it('prices a local engine at 0 only through its explicit wildcard', () => {
    expect(costFromUsage('ollama', 'llama3.2', 500, 500, prices)).toBe(0);
  });

  it('reads the shipped table', () => {
    expect(priceOf('anthropic', 'claude-sonnet-4-5-20250929')).toEqual({ input: 3, output: 15 });
  });
});
