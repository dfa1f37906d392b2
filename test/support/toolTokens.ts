// What tool definitions cost an agent in context, counted with a real tokenizer rather than guessed from characters.
// @anthropic-ai/tokenizer is Anthropic's published tokenizer (the vocabulary of Claude models before Claude 3): the
// one that runs offline. Newer models tokenize differently, so the figure is an estimate of the right magnitude.
import { countTokens } from '@anthropic-ai/tokenizer';

export const TOKENIZER_NAME = '@anthropic-ai/tokenizer 0.0.4';

/** Tokens of the definitions as `tools/list` sends them (their JSON). */
export function definitionTokens(definitions: unknown): number {
  return countTokens(JSON.stringify(definitions));
}
