/**
 * `story-imports/<storyId>.json`: versions of a story read from another tool's files that were not applied because
 * the story had changed in Puffin since it was exported: kept, numbered, for the user to compare and take.
 */
import { SPEC_FORMATS } from '../../../shared/specFormats';
import { DRAFT_07, id, record, revisionHead, text, texts, time } from './parts';

export default {
  $schema: DRAFT_07,
  ...record(
    'StoryImports',
    {
      storyId: id,
      /** The last import applied to the story: the story's `updatedAt` right after it, to tell a later edit in Puffin. */
      applied: record('AppliedImport', {
        updatedAt: time,
        format: { type: 'string', enum: SPEC_FORMATS },
        file: text,
      }),
      revisions: {
        type: 'array',
        items: record('StoryImport', {
          ...revisionHead(['imported'] as const),
          format: { type: 'string', enum: SPEC_FORMATS },
          /** The file it came from, as the import named it. */
          file: text,
          title: text,
          description: text,
          acceptanceCriteria: texts,
        }),
      },
    },
    ['applied'],
  ),
};
