import path from 'node:path';

/**
 * The project's shared data beside the repository (`../shared`): recorded CLI transcripts (`fixtures/cli`) and the
 * corpora (`corpus`, `corpus/streaming`) the extraction, stream and preview tests replay.
 */
export function sharedDataDir(...parts: string[]): string {
  return path.resolve(import.meta.dirname, '..', '..', '..', 'shared', ...parts);
}
