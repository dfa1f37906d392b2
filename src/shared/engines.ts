/**
 * The engines Puffin can ask for structured output, named exactly so everywhere: settings, the
 * headless `--provider` flag, history records, the provider registry (src/main/engines/registry.ts).
 */
export const PROVIDER_NAMES = ['claude-cli', 'anthropic', 'openai', 'ollama', 'gemini', 'bedrock'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/** Today's path, and what a request or a record that names no provider means. */
export const DEFAULT_PROVIDER: ProviderName = 'claude-cli';

/**
 * How the schema is enforced: `native` structured output, one forced `tool` whose input is the schema, or `auto`
 * (native where the model supports it, else tool; neither → `structured_output_unsupported`, never a silent
 * fallback to prose).
 */
export const OUTPUT_MODES = ['auto', 'native', 'tool'] as const;
export type OutputMode = (typeof OUTPUT_MODES)[number];

export function isProviderName(value: unknown): value is ProviderName {
  return typeof value === 'string' && (PROVIDER_NAMES as readonly string[]).includes(value);
}
