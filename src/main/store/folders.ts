/**
 * Every folder of a project's `.puffin/` store, with its key field, how it is read and how its records are
 * validated. Nothing else in the app names these folders.
 */
import { ID_RULE, isId } from '../../shared/ids';
import type { FolderSpec } from './recordFolder';
import {
  assertionHistoryProblem,
  assertionSetProblem,
  generationProblem,
  planProblem,
  questionsProblem,
  risProblem,
  specsProblem,
  sprintProblem,
  storyProblem,
} from './recordChecks';

export const FOLDERS = {
  /** The backlog: one story per file. */
  stories: { path: 'stories', key: 'id', loading: 'eager', check: storyProblem },
  /** One record per CLI call (generation); its raw CLI lines sit beside it as `<id>.raw.jsonl`. */
  history: { path: 'history', key: 'id', loading: 'eager', check: generationProblem },
  sprints: { path: 'sprints', key: 'id', loading: 'eager', check: sprintProblem },
  /** The ambiguity analysis of a sprint and the user's answers. */
  questions: { path: 'questions', key: 'sprintId', loading: 'lazy', check: questionsProblem },
  /** Every plan revision of a sprint, the current one and the approval. */
  plans: { path: 'plans', key: 'sprintId', loading: 'lazy', check: planProblem },
  /** Generated assertions of a sprint (per story and the sprint map) and the last run's errors. */
  specs: { path: 'specs', key: 'sprintId', loading: 'lazy', check: specsProblem },
  /** One RIS per story, in a folder per sprint: `ris/<sprintId>/<storyId>.json`. */
  ris: { path: 'ris', key: 'storyId', loading: 'lazy', check: risProblem },
  /** The assertions of a story, where the Assertions panel and `puffin assertions evaluate` read them. */
  assertions: { path: 'assertions', key: 'storyId', loading: 'fresh', check: assertionSetProblem },
  /** The append-only run history of a story's assertions. */
  results: { path: 'assertions/results', key: 'storyId', loading: 'fresh', check: assertionHistoryProblem },
} as const satisfies Record<string, FolderSpec>;

export type FolderName = keyof typeof FOLDERS;

/** The RIS folder of one sprint. */
export function risFolder(sprintId: string): FolderSpec {
  if (!isId(sprintId)) throw new Error(`Invalid sprint id ${JSON.stringify(sprintId)}: use ${ID_RULE}.`);
  return { ...FOLDERS.ris, path: `${FOLDERS.ris.path}/${sprintId}` };
}
