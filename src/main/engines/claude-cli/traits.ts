/**
 * The Claude Code CLI as a provider: its own login (no key, no address), its aliases for models, and one way to
 * structured output (--json-schema, which the CLI enforces with its StructuredOutput tool): the schema goes as it is.
 */
import { CLAUDE_WORDS } from '../../llm/errors';
import type { ProviderTraits } from '../provider';

/** The CLI lists no models: these aliases are what it takes (`--model`). */
export const CLAUDE_CLI_ALIASES = ['haiku', 'opus', 'sonnet'];

export const CLAUDE_CLI_TRAITS: ProviderTraits = {
  name: 'claude-cli',
  words: CLAUDE_WORDS,
  keyEnvVar: null,
  baseUrl: null,
  modelHint: 'CLI default',
  // A title needs no large model; every other call takes the user's model, else the CLI's own default.
  tierModel: (tier) => (tier === 'fast' ? 'haiku' : undefined),
  support: () => ({ native: true, tool: false, why: 'the CLI enforces the schema itself (--json-schema)' }),
  shapeSchema: (schema) => schema,
};
