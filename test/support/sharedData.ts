import path from 'node:path';

/**
 * Recorded CLI transcripts (`fixtures/cli`) and the corpora (`corpus`, `corpus/streaming`) the extraction, stream
 * and preview tests replay, kept in the repository under `test/fixtures/` (see its README for where they came from).
 */
export function sharedDataDir(...parts: string[]): string {
  return path.resolve(import.meta.dirname, '..', 'fixtures', ...parts);
}

/** A recorded transcript's `.expected.json` (fixtures/cli): what its result line says, written when recorded. */
export interface CliFixtureExpected {
  has_structured_output: boolean;
  structured_output: unknown;
  result_subtype: string;
  result_is_error: boolean;
  recoverable_from_successful_tool_use?: unknown;
}
