/**
 * Every folder of a project's `.puffin/` store, with its key field, how it is read and how its records are
 * validated. Nothing else in the app names these folders.
 */
import { ID_RULE, isId } from '../../shared/ids';
import type { FolderSpec, Loading } from './recordFolder';
import { recordCheck, type RecordName } from './recordSchemas';

type Folder = FolderSpec & { schema: RecordName };

function folder(path: string, key: string, loading: Loading, schema: RecordName): Folder {
  return { path, key, loading, schema, check: recordCheck(schema) };
}

export const FOLDERS = {
  /** The backlog: one story per file; listed and paged through its local index (storyIndex.ts). */
  stories: folder('stories', 'id', 'lazy', 'story'),
  /** One record per CLI call (generation); its raw CLI lines sit beside it as `<id>.raw.jsonl`. */
  history: folder('history', 'id', 'eager', 'generation'),
  /** Every round of a stories review (derive, modify, one story regenerated, restore), by the derive's id. */
  storyRevisions: folder('story-revisions', 'reviewId', 'lazy', 'story-revisions'),
  /** The stories review the user has open (decisions, unsaved edits), saved as it changes; at most one. */
  openReview: folder('open-review', 'generationId', 'fresh', 'open-review'),
  sprints: folder('sprints', 'id', 'eager', 'sprint'),
  /** The ambiguity analysis of a sprint and the user's answers. */
  questions: folder('questions', 'sprintId', 'lazy', 'sprint-questions'),
  /** Every plan revision of a sprint, the current one and the approval. */
  plans: folder('plans', 'sprintId', 'lazy', 'sprint-plan'),
  /** Generated assertions of a sprint (per story and the sprint map) and the last run's errors. */
  specs: folder('specs', 'sprintId', 'lazy', 'sprint-specs'),
  /** One RIS per story, in a folder per sprint: `ris/<sprintId>/<storyId>.json` (see risFolder). */
  ris: folder('ris', 'storyId', 'lazy', 'story-ris'),
  /** The assertions of a story, where the Assertions panel and `puffin assertions evaluate` read them. */
  assertions: folder('assertions', 'storyId', 'fresh', 'assertion-set'),
  /** The append-only run history of a story's assertions. */
  results: folder('assertions/results', 'storyId', 'fresh', 'assertion-history'),
  /** Per GitHub repository: the issue of each exported story and the milestone of each sprint. */
  github: folder('github', 'key', 'fresh', 'github-links'),
} satisfies Record<string, Folder>;

export type FolderName = keyof typeof FOLDERS;

/** The RIS folder of one sprint. */
export function risFolder(sprintId: string): Folder {
  if (!isId(sprintId)) throw new Error(`Invalid sprint id ${JSON.stringify(sprintId)}: use ${ID_RULE}.`);
  return { ...FOLDERS.ris, path: `${FOLDERS.ris.path}/${sprintId}` };
}
