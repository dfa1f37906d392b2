/** `puffin prompt`: the caller's prompt with the caller's schema (and envelope), answered as validated. */
import type { JsonSchema } from '../llm/schemas';
import { defineWorkflow } from './definition';

export interface CliPromptInput {
  prompt: string;
  schema: JsonSchema;
  envelope?: string;
}

export const cliPromptWorkflow = defineWorkflow('cli-prompt', {
  grounded: true,
  schema: ({ schema, envelope }: CliPromptInput) => (envelope ? { schema, envelope } : { schema }),
  limits: { maxTurns: 4, timeoutMs: 10 * 60_000 }, // `--max-turns` overrides the turns
  previewWatch: [],
  prompt: (input) => input.prompt,
  map: (data: unknown) => ({ data }), // validated against the caller's schema; nothing more is known
});
