/**
 * Contract channels of proof of done: verify every stored assertion, the pre-push hook and the CI
 * workflow Puffin writes into the repository and the board. All work on the opened project (the GitHub export is
 * with the other trackers, in trackerChannels.ts).
 */
import type { BoardData } from '../board';
import type { CostReport } from '../cost';
import type { RunSummary } from '../assertions';
import type { Regression, StoryVerdict, UnspecifiedStory, VerifyReport } from '../verify';
import { empty, ID, schema } from './schemaParts';

export const proofSchemas = {
  /**
   * Evaluates every stored assertion of every story (or of one sprint's stories) at the current tree and records
   * each story's run with the commit; `junit` also writes a JUnit XML file there (absolute, or relative to the
   * project). Only the CLI may name a file outside the project; other faces get `outside_project`.
   */
  'verify:run': schema({
    type: 'object',
    additionalProperties: false,
    properties: {
      sprintId: { type: 'string', pattern: ID },
      junit: { type: 'string', minLength: 1, maxLength: 4096 },
    },
  }),
  /**
   * Adds a git pre-push hook running `puffin verify` with this Puffin checkout; refuses to replace a hook Puffin did
   * not write. A hook that finds no Puffin lets the push through with one line on stderr, unless `strict`.
   */
  'hooks:install': schema({
    type: 'object',
    additionalProperties: false,
    properties: { strict: { type: 'boolean' } },
  }),
  /** Writes `.github/workflows/puffin-verify.yml`: installs this Puffin's git source at its commit, runs verify. */
  'ci:init': empty,
  /** Every story from backlog to verified, with chips, planned vs changed files and costs. */
  'board:get': empty,
  /** What the project's calls cost: in all, per sprint and per verified story. */
  'costs:get': empty,
} as const;

/** A story's line in `puffin verify`'s answer: its verdict and what does not pass. */
export interface VerifiedStory {
  id: string;
  title: string;
  status: StoryVerdict;
  summary: RunSummary;
  failures: { assertionId: string; status: 'fail' | 'error'; reason: string }[];
}

export interface VerifyRunResult {
  commit: string | null;
  sprintId: string | null;
  startedAt: string;
  durationMs: number;
  /** Every story: checked ones in full, the others (no assertion set) by id and `unspecified` alone. */
  stories: (VerifiedStory | UnspecifiedStory)[];
  regressions: Regression[];
  /** Stories whose assertions were edited or deleted since they last all passed, with that run's commit. */
  drift: VerifyReport['drift'];
  counts: Record<StoryVerdict, number>;
  summary: RunSummary;
  /** The JUnit file written, or null. */
  junit: string | null;
  warnings: string[];
}

export interface RepoFileResult {
  path: string;
  action: 'created' | 'updated' | 'unchanged';
}

/** `hooks:install`: the hook, and the merge driver registered for the store's records. */
export interface HooksInstallResult extends RepoFileResult {
  mergeDriver: { attributes: RepoFileResult; driver: string };
}

export interface CiInitResult extends RepoFileResult {
  /** What the workflow installs: this Puffin's git source (its remote, or its path without one) and commit. */
  puffin: { source: string; commit: string };
  warnings: string[];
}

export interface ProofResponses {
  'verify:run': VerifyRunResult;
  'hooks:install': HooksInstallResult;
  'ci:init': CiInitResult;
  'board:get': BoardData;
  'costs:get': CostReport;
}
