/**
 * What a grounded generation did in the project: the files the model read, the searches it ran, the calls that were
 * refused, and Puffin's own verdict on them. Stored with every generation's history and shown in the panels
 * ("read 14 files"). Paths are relative to the project root, forward slashes.
 */
import type { GroundingRecord } from './schema-types';

/** Why a path may not be read: outside the project, a secret (`.env*`, private keys...), or ignored by git. */
export const REFUSAL_REASONS = ['outside', 'sensitive', 'ignored'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/**
 * The record (GroundingRecord), one Glob or Grep call the model made and the CLI ran (GroundingSearch), a tool call
 * the CLI did not run (GroundingRefusal) and one that succeeded although Puffin's policy forbids it, a reason not to
 * trust the generation (GroundingViolation): typed from their stored schema (src/main/schemas/records/grounding.ts).
 */
export type { GroundingRecord, GroundingRefusal, GroundingSearch, GroundingViolation } from './schema-types';

export const EMPTY_GROUNDING: GroundingRecord = {
  filesRead: [],
  searches: [],
  refused: [],
  violations: [],
  toolTurns: 0,
  toolCalls: 0,
};

/** "read 14 files", "read 1 file", "read no files" — the panels' one-line summary. */
export function readSummary(record: Pick<GroundingRecord, 'filesRead'>): string {
  const n = record.filesRead.length;
  if (n === 0) return 'read no files';
  return `read ${n} file${n === 1 ? '' : 's'}`;
}
