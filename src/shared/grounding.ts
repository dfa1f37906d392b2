/**
 * What a grounded generation did in the project: the files the model read, the searches it ran, the calls that were
 * refused, and Puffin's own verdict on them. Stored with every generation's history and shown in the panels
 * ("read 14 files"). Paths are relative to the project root, forward slashes.
 */

/** Why a path may not be read: outside the project, a secret (`.env*`, private keys...), or ignored by git. */
export type RefusalReason = 'outside' | 'sensitive' | 'ignored';

/** One Glob or Grep call the model made and the CLI ran. */
export interface GroundingSearch {
  tool: 'Glob' | 'Grep';
  pattern: string;
  /** The folder or file searched, relative to the project; absent for the project root. */
  path?: string;
  /** Grep's file filter (`glob`), when given. */
  glob?: string;
  /** How many files the result named (0 for "No files found"). */
  matches: number;
}

/** A tool call the CLI did not run: a path it refused, or a tool it never offered (Write, Bash...). */
export interface GroundingRefusal {
  tool: string;
  /** The path or command the model asked for, as it asked (absolute paths are kept: they are the evidence). */
  target: string;
  /** The CLI's own message, shortened. */
  message: string;
}

/**
 * A tool call that succeeded although Puffin's policy forbids it (the engine's confinement failed or was bypassed).
 * Never expected: each is a reason not to trust the generation.
 */
export interface GroundingViolation {
  tool: string;
  target: string;
  reason: RefusalReason | 'tool_not_allowed';
}

export interface GroundingRecord {
  /** Files read, in the order first read, each once. */
  filesRead: string[];
  searches: GroundingSearch[];
  refused: GroundingRefusal[];
  violations: GroundingViolation[];
  /** Model turns that called a project tool (Read, Glob, Grep): what looking cost. */
  toolTurns: number;
  /** Tool calls in those turns. */
  toolCalls: number;
}

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
