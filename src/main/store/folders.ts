/**
 * Every folder of a project's `.puffin/` store, with its key field, how it is read and how its records are
 * validated. Nothing else in the app names these folders.
 *
 * What a team shares through git (stories, sprints, plans and their revisions, RIS, assertions and results, tracker
 * links, project context) sits in `.puffin/`; what is one person's (history and raw lines, the open review, caches,
 * worktrees, temp files) sits under `.puffin/local/`, which the store's own `.gitignore` keeps out of git.
 */
import { join } from 'node:path';
import { ID_RULE, isId } from '../../shared/ids';
import { STORE_DIR } from '../../shared/project';
import type { FolderSpec, Loading } from './recordFolder';
import { recordCheck, type RecordName } from './recordSchemas';

type Folder = FolderSpec & { schema: RecordName };

/** The store's folder of what is one person's, relative to the store; git never sees it. */
export const LOCAL = 'local';

/** `<project>/.puffin`: the store folder of a project. */
export function storeDir(projectDir: string): string {
  return join(projectDir, STORE_DIR);
}

/** The store's folder of the field conflicts git merges recorded (shared: the team sees them until resolved). */
export const CONFLICTS = 'conflicts';

/** `<project>/.puffin/conflicts`: one file per record a merge found conflicting fields in. */
export function conflictsDir(projectDir: string): string {
  return join(storeDir(projectDir), CONFLICTS);
}

/** `<project>/.puffin/local`: what is one person's (never committed: the store's .gitignore names it). */
export function localDir(projectDir: string): string {
  return join(storeDir(projectDir), LOCAL);
}

const named = (what: string, name: string) => {
  if (!isId(name)) throw new Error(`Invalid ${what} name ${JSON.stringify(name)}: use ${ID_RULE}.`);
  return name;
};

/** `<project>/.puffin/local/cache/<name>`: a cache of one kind (an index, a tracker's answers); rebuildable. */
export function cacheDir(projectDir: string, name: string): string {
  return join(localDir(projectDir), 'cache', named('cache', name));
}

/** `<project>/.puffin/local/worktrees`: the git worktrees stories are implemented in. */
export function worktreesDir(projectDir: string): string {
  return join(localDir(projectDir), 'worktrees');
}

/** `<project>/.puffin/local/drafts`: text typed and not yet sent or saved, kept by the machine that typed it. */
export function draftsDir(projectDir: string): string {
  return join(localDir(projectDir), 'drafts');
}

/** `<project>/.puffin/local/locks`: locks held across processes that are not a record's own (which sits beside it). */
export function locksDir(projectDir: string): string {
  return join(localDir(projectDir), 'locks');
}

/** `<project>/.puffin/local/tmp`: scratch files of one run (an export being assembled, a download). */
export function tempDir(projectDir: string): string {
  return join(localDir(projectDir), 'tmp');
}

function folder(path: string, key: string, loading: Loading, schema: RecordName): Folder {
  return { path, key, loading, schema, check: recordCheck(schema) };
}

export const FOLDERS = {
  /** The backlog: one story per file; listed and paged through its local index (storyIndex.ts). */
  stories: folder('stories', 'id', 'lazy', 'story'),
  /** One record per CLI call (generation); its raw CLI lines sit beside it as `<id>.raw.jsonl`. One person's. */
  history: folder(`${LOCAL}/history`, 'id', 'eager', 'generation'),
  /** Every round of a stories review (derive, modify, one story regenerated, restore), by the derive's id. */
  storyRevisions: folder('story-revisions', 'reviewId', 'lazy', 'story-revisions'),
  /** The stories review the user has open (decisions, unsaved edits), saved as it changes; at most one. */
  openReview: folder(`${LOCAL}/open-review`, 'generationId', 'fresh', 'open-review'),
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
  /** Per GitHub repository, as older exports wrote it: read only, carried over into `trackers/`. */
  github: folder('github', 'key', 'fresh', 'github-links'),
  /** Versions of a story read from another tool's files and not applied (it had changed in Puffin since). */
  storyImports: folder('story-imports', 'storyId', 'fresh', 'story-imports'),
  /** A story's texts before a sync, an import or a restore replaced them, newest last (the last few). */
  storyVersions: folder('story-versions', 'storyId', 'fresh', 'story-versions'),
  /** Per tracker place (GitHub repository, Jira project, Linear team): each story's issue, each sprint's container. */
  trackers: folder('trackers', 'key', 'fresh', 'tracker-links'),
} satisfies Record<string, Folder>;

export type FolderName = keyof typeof FOLDERS;

/** The RIS folder of one sprint. */
export function risFolder(sprintId: string): Folder {
  if (!isId(sprintId)) throw new Error(`Invalid sprint id ${JSON.stringify(sprintId)}: use ${ID_RULE}.`);
  return { ...FOLDERS.ris, path: `${FOLDERS.ris.path}/${sprintId}` };
}
