import type { ProjectSettings } from '../../shared/stories';
import type { JsonSchema } from '../llm/schemas';
import type { SendPromptResult } from '../llm/promptTypes';
import { plainPromptText } from './prompts';
import type { CallOptions, WorkflowDeps } from './types';

/**
 * sendPrompt always attaches a schema (extraction and validation depend on it), so a plain answer travels in a
 * `{markdown}` envelope and comes back as the markdown string.
 */
export const MARKDOWN_SCHEMA: JsonSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    markdown: { type: 'string', minLength: 1, description: 'The complete answer, formatted as Markdown.' },
  },
  required: ['markdown'],
  additionalProperties: false,
};

/** The "Derive user stories" box unchecked: the prompt (with project context) → a markdown answer. */
export async function plainPrompt(
  deps: WorkflowDeps,
  input: { request: string; project: ProjectSettings },
  options: CallOptions = {},
): Promise<SendPromptResult<string>> {
  return deps.sendPrompt<string>({
    workflow: 'plainPrompt',
    schema: MARKDOWN_SCHEMA,
    envelope: 'markdown',
    prompt: plainPromptText(input.request, input.project),
    maxTurns: 3,
    ...options,
  });
}
