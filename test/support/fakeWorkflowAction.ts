/** A workflow table with one action no real workflow declares, for the tests of what is derived from an action. */
import type { WorkflowAction } from '../../src/shared/workflowActions';

export const FAKE_ACTION = {
  channel: 'notes:tag',
  summary: 'tags for a note',
  input: {
    type: 'object',
    additionalProperties: false,
    required: ['text', 'storyId'],
    properties: {
      text: { type: 'string', minLength: 1, maxLength: 10_000 },
      storyId: { type: 'string', maxLength: 128 },
      maxTags: { type: 'integer', minimum: 1, maximum: 20 },
      tone: { type: 'string', maxLength: 10, enum: ['plain', 'fun'] },
      strict: { type: 'boolean' },
      keep: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 50 } },
      lines: { type: 'array', maxItems: 20, items: { type: 'integer', minimum: 1 } },
    },
  },
  output: { type: 'array', items: { type: 'string' } },
  cli: { path: ['notes', 'tag'], stdin: 'text' },
} as const satisfies WorkflowAction;

export const FAKE_WORKFLOWS = {
  plain: { label: 'No action' },
  tagNote: { label: 'Tag a note', action: FAKE_ACTION },
};
