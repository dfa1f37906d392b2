/** Proof of done: per-story verdicts from stored assertions, their history and the current commit. */
import type { AssertionResult, RunSummary } from './assertions';

/**
 * `verified`: every assertion passes; `failing`: some fail and none of those ever passed; `regressed`: an assertion
 * that passed in an earlier run fails now; `unspecified`: the story has no assertions.
 */
export const STORY_VERDICTS = ['verified', 'failing', 'regressed', 'unspecified'] as const;
export type StoryVerdict = (typeof STORY_VERDICTS)[number];

/** An assertion that passed before and fails (or errors) now. */
export interface Regression {
  storyId: string;
  assertionId: string;
  /** The assertion's message, so a report names what broke without a second look-up. */
  message: string;
  /** The commit of the most recent run in which it passed (null when that run was outside git). */
  lastPassedCommit: string | null;
  /** ISO time of that run. */
  lastPassedAt: string;
  /** Why it fails now. */
  reason: string;
}

/** Assertions edited or deleted since the run where they last all passed (src/main/verify/drift.ts). */
export interface StoryDrift {
  edited: string[];
  deleted: string[];
  lastPassedCommit: string | null;
  lastPassedAt: string;
}

/** One checked story's result of a verify run. */
export interface StoryVerification {
  id: string;
  title: string;
  status: StoryVerdict;
  summary: RunSummary;
  /** One per assertion, in the stored order. */
  results: AssertionResult[];
  regressions: Regression[];
  /** Set when the story's assertions changed since they last all passed. */
  drift?: StoryDrift;
}

/**
 * A story without a stored assertion set: its id and verdict alone (most of a large backlog is this, and nothing of
 * it is read, not even its title).
 */
export interface UnspecifiedStory {
  id: string;
  status: 'unspecified';
}

/** A story of a verify run: checked against its assertions, or without any set. */
export type StoryOutcome = StoryVerification | UnspecifiedStory;

/** Whether the story was checked (it has a stored set, possibly empty) rather than reported by id alone. */
export function isChecked(s: StoryOutcome): s is StoryVerification {
  return 'summary' in s;
}

export interface VerifyReport {
  /** HEAD when the project is a git repository, else null. */
  commit: string | null;
  /** ISO time the run started. */
  startedAt: string;
  durationMs: number;
  sprintId: string | null;
  stories: StoryOutcome[];
  /** Every story's regressions, flattened. */
  regressions: Regression[];
  /** Stories whose assertions were edited or deleted since they last passed. */
  drift: ({ storyId: string; title: string } & StoryDrift)[];
  /** How many stories have each verdict. */
  counts: Record<StoryVerdict, number>;
  /** Over every assertion of the run. */
  summary: RunSummary;
}
