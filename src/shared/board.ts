/**
 * The board: every story from backlog to verified. Pure: the main process gathers the facts, this decides
 * each story's column, and the renderer draws it.
 */
import type { AssertionStatus } from './assertions';
import type { StoryVerdict } from './verify';

/** Left to right, the way a story moves. */
export const BOARD_COLUMNS = ['backlog', 'in_sprint', 'planned', 'specified', 'verified'] as const;
export type BoardColumn = (typeof BOARD_COLUMNS)[number];

export const BOARD_COLUMN_LABEL: Readonly<Record<BoardColumn, string>> = {
  backlog: 'Backlog',
  in_sprint: 'In sprint',
  planned: 'Planned',
  specified: 'Specified',
  verified: 'Verified',
};

/** One assertion as a chip: its latest result, or `none` before its first run. */
export interface AssertionChip {
  id: string;
  message: string;
  status: AssertionStatus | 'none';
}

/** What git says about a sprint story's planned files (see src/main/verify/plannedFiles.ts). */
export interface StoryFiles {
  touched: string[];
  plannedUntouched: string[];
  /** Changed since the sprint started but planned by no item of the sprint. */
  touchedUnplanned: string[];
}

export interface BoardStory {
  id: string;
  title: string;
  column: BoardColumn;
  verdict: StoryVerdict;
  /** The sprint it is in (the newest one when several), or null. */
  sprintId: string | null;
  chips: AssertionChip[];
  /** Planned vs changed files, for a story of a sprint with an approved plan in a git repository. */
  files: StoryFiles | null;
  /** What the story cost so far (derivation, its own calls, its share of its sprints' calls); null when unknown. */
  costUsd: number | null;
}

export interface BoardSprint {
  id: string;
  title: string;
  /** Commit compared against for "changed since the sprint started"; null outside git. */
  baseCommit: string | null;
  callsUsd: number;
  budgetUsd: number | null;
  costPerVerifiedUsd: number | null;
}

export interface BoardData {
  stories: BoardStory[];
  sprints: BoardSprint[];
  /** HEAD when the project is a git repository. */
  commit: string | null;
  costPerVerifiedUsd: number | null;
  /** Story id → its tracker issue (Jira, Linear) and whether the tracker counted it done when last read. */
  trackerLinks?: Record<string, { key: string; url: string; done: boolean | null }>;
}

/** The facts a story's column is decided from. */
export interface ColumnFacts {
  inSprint: boolean;
  /** Its sprint's plan is approved and has an item for it. */
  planned: boolean;
  /** It has stored assertions. */
  specified: boolean;
  verdict: StoryVerdict;
}

/**
 * The furthest stage a story has reached. Verified needs every assertion to pass now; a story with assertions that
 * do not all pass (failing or regressed) stays specified, with the regression flagged on its card.
 */
export function boardColumn(f: ColumnFacts): BoardColumn {
  if (f.specified && f.verdict === 'verified') return 'verified';
  if (f.specified) return 'specified';
  if (f.planned) return 'planned';
  if (f.inSprint) return 'in_sprint';
  return 'backlog';
}

/** The stories of each column, in the given order. */
export function groupByColumn(stories: readonly BoardStory[]): Record<BoardColumn, BoardStory[]> {
  const out = Object.fromEntries(BOARD_COLUMNS.map((c) => [c, [] as BoardStory[]])) as Record<
    BoardColumn,
    BoardStory[]
  >;
  for (const s of stories) out[s.column].push(s);
  return out;
}
