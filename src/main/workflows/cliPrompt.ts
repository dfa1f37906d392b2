/** `puffin prompt`: the caller's prompt with the caller's schema (and envelope), answered as validated. */
import type { JsonSchema } from '../llm/schemas';
import { defineWorkflow } from './definition';

export interface CliPromptInput {
  prompt: string;
  schema: JsonSchema;
  envelope?: string;
}

export const cliPromptWorkflow = defineWorkflow({
  name: 'cli-prompt',
  schema: ({ schema, envelope }: CliPromptInput) => (envelope ? { schema, envelope } : { schema }),
  maxTurns: 4, // `--max-turns` overrides it
  timeoutMs: 10 * 60_000,
  previewWatch: [],
  prompt: (input) => input.prompt,
  map: (data: unknown) => ({ data }), // validated against the caller's schema; nothing more is known
});
