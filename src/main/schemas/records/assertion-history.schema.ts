/** `assertions/results/<storyId>.json`: every run of a story's assertions, appended, never rewritten. */
import { ASSERTION_STATUSES } from '../../../shared/assertions';
import { DRAFT_07, id, nullable, record, text, time } from './parts';

const count = { type: 'integer', minimum: 0 } as const;
const ms = { type: 'number' } as const;

const result = record(
  'AssertionResult',
  {
    assertionId: text,
    status: { type: 'string', enum: ASSERTION_STATUSES },
    reason: text,
    location: record('SourceLocation', {
      file: { ...text, description: 'Relative to the project root, forward slashes.' },
      line: { type: 'integer', description: '1-based.' },
      column: { type: 'integer', description: '1-based.' },
    }),
    durationMs: ms,
    fingerprint: {
      ...text,
      description: 'A hash of the assertion as it was evaluated (runs verify records): tells an edited one.',
    },
  },
  ['location', 'fingerprint'],
);

const run = record('AssertionRun', {
  startedAt: { ...time, description: 'ISO time the run started.' },
  durationMs: ms,
  commit: {
    ...nullable(text),
    description: 'HEAD commit of the project when it is a git repository, else null.',
  },
  results: { type: 'array', items: result },
  summary: record('RunSummary', { total: count, passed: count, failed: count, errors: count }),
});

export default {
  $schema: DRAFT_07,
  ...record('AssertionHistory', { storyId: id, runs: { type: 'array', items: run } }),
};
