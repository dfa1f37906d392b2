// Append-only run history per story in the store's `assertions/results/<storyId>.json`, through the store's
// record folder: atomic writes serialized per file, and an unreadable file is kept aside and reported.
import path from 'node:path';
import type { AssertionHistory, AssertionRun } from '../../shared/assertions';
import { ID_RULE, isId } from '../../shared/ids';
import { FOLDERS } from '../store/folders';
import { RecordFolder } from '../store/recordFolder';
import { storeDirOf } from '../store/storeMeta';

/** Story ids become file names: refuse anything that breaks the id rule. */
export function checkStoryId(storyId: string): void {
  if (!isId(storyId)) throw new Error(`invalid story id ${JSON.stringify(storyId)}: use ${ID_RULE}`);
}

function results(projectDir: string): RecordFolder<AssertionHistory> {
  return new RecordFolder<AssertionHistory>({ dir: storeDirOf(projectDir) }, FOLDERS.results);
}

export function resultsPath(projectDir: string, storyId: string): string {
  checkStoryId(storyId);
  return path.join(results(projectDir).dir, `${storyId}.json`);
}

export type HistoryRead =
  | { kind: 'ok'; history: AssertionHistory }
  | { kind: 'missing' }
  /** The file was unreadable and was kept aside at `keptAs`. */
  | { kind: 'corrupt'; reason: string; keptAs: string };

export async function readHistory(projectDir: string, storyId: string): Promise<HistoryRead> {
  checkStoryId(storyId);
  const folder = results(projectDir);
  const history = await folder.get(storyId);
  if (history) return { kind: 'ok', history };
  const problem = folder.problems[0];
  if (!problem) return { kind: 'missing' };
  return {
    kind: 'corrupt',
    reason: problem.reason,
    keptAs: path.join(storeDirOf(projectDir), problem.keptAs),
  };
}

export interface AppendOutcome {
  path: string;
  history: AssertionHistory;
  /** Set when the previous file was unreadable and was kept aside under this name. */
  movedAside?: { path: string; reason: string };
}

/** Appends one run to the story's history (creating it), never losing or silently replacing earlier content. */
export async function appendRun(
  projectDir: string,
  storyId: string,
  run: AssertionRun,
): Promise<AppendOutcome> {
  const file = resultsPath(projectDir, storyId);
  const { record, problem } = await results(projectDir).update(storyId, (current) => ({
    storyId,
    runs: [...(current?.runs ?? []), run],
  }));
  if (!problem) return { path: file, history: record };
  const movedAside = { path: path.join(storeDirOf(projectDir), problem.keptAs), reason: problem.reason };
  return { path: file, history: record, movedAside };
}
