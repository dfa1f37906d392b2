/**
 * `story-versions/<storyId>.json`: the text a story had before something from outside replaced it (a tracker's edit
 * taken by sync, an issue imported again) or a restore put an older text back: numbered, the newest last, so the
 * user can see what was there and restore it. Only the last few are kept.
 */
import { DRAFT_07, id, record, revisionHead, text, texts } from './parts';

export default {
  $schema: DRAFT_07,
  ...record('StoryVersions', {
    storyId: id,
    versions: {
      type: 'array',
      items: record('StoryVersion', {
        /** What replaced this text: a sync, an import, or a restore of an older version. */
        ...revisionHead(['synced', 'imported', 'restored'] as const),
        /** Where the new text came from, e.g. "GitHub #12", "Jira PUF-3", "version 2". */
        by: text,
        title: text,
        description: text,
        acceptanceCriteria: texts,
      }),
    },
  }),
};
