/** The "Derive user stories" box unchecked: the prompt (with project context) → a markdown answer. */
import type { ProjectSettings } from '../../shared/stories';
import type { JsonSchema } from '../llm/schemas';
import { defineWorkflow } from './definition';
import { projectContext } from './promptParts';

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

export interface PlainInput {
  request: string;
  project: ProjectSettings;
}

export function plainPromptText({ request, project }: PlainInput): string {
  const context = projectContext(project);
  return context ? `${context}\n\n## Request\n${request.trim()}` : request;
}

export const plainPromptWorkflow = defineWorkflow('plainPrompt', {
  grounded: false,
  schema: MARKDOWN_SCHEMA,
  envelope: 'markdown',
  limits: { maxTurns: 3, timeoutMs: 10 * 60_000 },
  previewWatch: [],
  prompt: plainPromptText,
  map: (markdown: string) => ({ data: markdown }),
});
