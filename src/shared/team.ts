/**
 * A team on one repository: the store merged by git (field conflicts a merge recorded), each story's verdict on each
 * branch, and work in flight on several branches that touches the same files.
 */
import type { StoryVerdict } from './verify';

/** One field both sides of a merge changed differently: the current branch's value was kept. */
export interface FieldConflict {
  /** Where in the record, `/`-separated (`title`, `revisions/3/feedback`); '' for the whole record. */
  field: string;
  ancestor: unknown;
  /** The value kept (the branch merged into). */
  current: unknown;
  /** The value of the branch merged in: kept here, as a revision marked conflicting. */
  other: unknown;
}

/** The other side of one merge of a record, kept as a revision marked conflicting. */
export interface ConflictRevision {
  /** Tells revisions apart when two branches' conflicts files are merged in turn. */
  id: string;
  conflicting: true;
  at: string;
  fields: FieldConflict[];
}

/** The conflicts recorded for one record file of the store (`.puffin/conflicts/<key>.json`). */
export interface RecordConflicts {
  key: string;
  /** The record file, relative to `.puffin/` (`stories/<id>.json`). */
  file: string;
  /** The story the record is, or is of, when it is one (a story, its assertions or RIS); else null. */
  storyId: string | null;
  sprintId: string | null;
  revisions: ConflictRevision[];
}

export interface MergeRecordResult {
  /** The record file, as git named it (relative to the repository). */
  path: string;
  /** True when the current file holds the merge; false when it was left as it was (input not readable). */
  written: boolean;
  conflicts: FieldConflict[];
  /** Where the conflicts were recorded, relative to the repository, or null. */
  conflictsFile: string | null;
  /** Why nothing was merged (an input that does not parse), or null. */
  refused: string | null;
}

export type BranchVerdict = StoryVerdict | 'not_run';

export interface BranchVerdicts {
  id: string;
  shortId: string;
  title: string;
  /**
   * The story's verdict on each branch, from that branch's stored results (`not_run`: assertions never run there);
   * null where the story is not on that branch.
   */
  verdicts: Record<string, BranchVerdict | null>;
}

export interface TeamStatus {
  branches: string[];
  stories: BranchVerdicts[];
}

/** Work in flight on one branch: a sprint not yet done, with its stories and the files it plans. */
export interface InFlight {
  branch: string;
  sprintId: string;
  title: string;
  storyIds: string[];
}

export interface Overlap {
  /** The two branches, in the order asked. */
  branches: [string, string];
  /** The sprints in flight on each branch (either may be empty when only changed files overlap). */
  sprints: [InFlight[], InFlight[]];
  /** Files both sides touch, sorted; `planned` when a sprint plans it, `changed` when git says it changed. */
  files: { path: string; how: [('planned' | 'changed')[], ('planned' | 'changed')[]] }[];
}

export interface OverlapReport {
  branches: string[];
  overlaps: Overlap[];
  /** The JUnit file written, or null. */
  junit: string | null;
  /** --strict: the command exits 1 when there is any overlap. */
  strict: boolean;
  warnings: string[];
}

export interface ConflictList {
  conflicts: RecordConflicts[];
}
