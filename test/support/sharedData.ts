import path from 'node:path';

/**
 * The project's shared data beside the repository (`../shared`): recorded CLI transcripts (`fixtures/cli`) and the
 * corpora (`corpus`, `corpus/streaming`) the extraction, stream and preview tests replay.
 */
export function sharedDataDir(...parts: string[]): string {
  return path.resolve(import.meta.dirname, '..', '..', '..', 'shared', ...parts);
}

/** A recorded transcript's `.expected.json` (fixtures/cli): what its result line says, written when recorded. */
export interface CliFixtureExpected {
  has_structured_output: boolean;
  structured_output: unknown;
  result_subtype: string;
  result_is_error: boolean;
  recoverable_from_successful_tool_use?: unknown;
}
