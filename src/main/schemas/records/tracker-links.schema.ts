/**
 * `trackers/<key>.json`: which tracker issue belongs to which story, and which container (Jira Epic, Linear parent
 * issue) to which sprint, for one tracker place (`key` = tracker, host and project or team), so a rerun updates the
 * same issues, an import updates the stories it made, and a sync can tell whose side changed since the last export.
 */
import { DRAFT_07, id, record, text, time } from './parts';

const hash = { type: 'string', pattern: '^[0-9a-f]{16}$' } as const;

const link = record(
  undefined,
  {
    /** The tracker's own id (Jira's numeric id, Linear's uuid). */
    id: text,
    /** What people read: PROJ-12, ENG-7. */
    key: text,
    url: text,
    exportedAt: time,
    /** Hash of what Puffin last wrote there (title, text, ticks, parent): equal means nothing to send. */
    hash,
    /** Hash of the story's title, description and criteria when last exported or imported. */
    storyHash: hash,
    /** Hash of the tracker's title, text and criteria as read back then. */
    remoteHash: hash,
    /** How this link came to be: Puffin exported the story, or the story was imported from the issue. */
    origin: { enum: ['export', 'import'] },
    /** Whether the tracker counted the issue done (closed) when last read: the Board shows it by the verdict. */
    remoteDone: { type: 'boolean' },
  },
  ['storyHash', 'remoteHash', 'origin', 'remoteDone'],
);

export default {
  $schema: DRAFT_07,
  ...record('TrackerLinks', {
    key: id,
    version: { const: 1 },
    tracker: { enum: ['github', 'jira', 'linear'] },
    /** The site (Jira) or API URL (Linear, GitHub). */
    site: text,
    /** The project key (Jira), team key (Linear) or OWNER/NAME (GitHub). */
    scope: text,
    /** Sprint id → its container issue. */
    containers: { type: 'object', additionalProperties: link },
    /** Story id → its issue. */
    issues: { type: 'object', additionalProperties: link },
  }),
};
