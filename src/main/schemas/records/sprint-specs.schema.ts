/**
 * `specs/<sprintId>.json`: the assertions generated for a sprint (per story, and the sprint-wide map) and the
 * per-story failures of the last specs run, kept next to the partial results.
 */
import { SPEC_STEPS } from '../../../shared/plans';
import { DRAFT_07, id, record, storedAssertion, text, texts } from './parts';

const assertions = { type: 'array', items: storedAssertion } as const;

export default {
  $schema: DRAFT_07,
  ...record(
    'SprintSpecs',
    {
      sprintId: id,
      assertions: {
        type: 'array',
        items: record('StorySpecAssertions', { storyId: id, assertions, notDiscriminating: texts }),
      },
      sprintAssertions: {
        description: "The sprint-wide map schema's result: storyId → assertions.",
        anyOf: [{ type: 'object', additionalProperties: assertions }, { type: 'null' }],
      },
      specErrors: {
        type: 'array',
        items: record('SpecError', {
          storyId: { ...text, description: 'Empty for the sprint-wide step.' },
          step: { type: 'string', enum: SPEC_STEPS },
          // Typed as the app's error codes; on disk any string, so a record written before a rename still loads.
          code: { ...text, tsType: "import('./errors').ErrorCode" },
          message: text,
        }),
      },
      specWarnings: {
        type: 'array',
        description:
          'What the last specs run noted without failing (absent in files written before warnings were kept).',
        items: record('SpecWarning', {
          storyId: { ...text, description: 'Empty for the sprint-wide step.' },
          step: { type: 'string', enum: SPEC_STEPS },
          message: text,
        }),
      },
    },
    ['specWarnings'],
  ),
};
