/** `puffin prompt`: the caller's prompt with the caller's schema (and envelope), answered as validated. */
import type { JsonSchema } from '../llm/schemas';
import { defineWorkflow } from './definition';

/**
 * `puffin prompt` without --schema: the answer is plain text. sendPrompt always attaches a schema (every engine's
 * structured output, the CLI's --json-schema, validation and retries rest on it), so the text travels in a
 * `{text}` envelope and comes back as the string, as the app's plain prompt does with its markdown.
 */
export const TEXT_ANSWER = {
  schema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      text: { type: 'string', minLength: 1, description: 'The complete answer, as plain text.' },
    },
    required: ['text'],
    additionalProperties: false,
  } satisfies JsonSchema,
  envelope: 'text',
};

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
