// Append-only run history per story in `<project>/.puffin/assertions/results/<storyId>.json`.
// Writes are atomic (temp file in the same folder, fsync, rename, fsync folder) and serialized per file in-process.
// A file that fails to parse is never overwritten: it is renamed to `<name>.corrupt-<timestamp>` and reported.
import { readFile, rename } from 'node:fs/promises';
import { serializeOnPath, writeFileAtomicNow } from '../core/atomicFile';
import path from 'node:path';
import type { AssertionHistory, AssertionRun } from '../../shared/assertions';

const STORY_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Story ids become file names: refuse anything that could leave the folder or surprise a file system. */
export function checkStoryId(storyId: string): void {
  if (!STORY_ID.test(storyId) || storyId.includes('..')) {
    throw new Error(`invalid story id ${JSON.stringify(storyId)}: use letters, digits, ".", "_" or "-"`);
  }
}

export function resultsPath(projectDir: string, storyId: string): string {
  checkStoryId(storyId);
  return path.join(projectDir, '.puffin', 'assertions', 'results', `${storyId}.json`);
}

export type HistoryRead =
  { kind: 'ok'; history: AssertionHistory } | { kind: 'missing' } | { kind: 'corrupt'; reason: string };

function shapeProblem(value: unknown, storyId: string): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not a JSON object';
  const v = value as { storyId?: unknown; runs?: unknown };
  if (v.storyId !== storyId)
    return `storyId is ${JSON.stringify(v.storyId)}, expected ${JSON.stringify(storyId)}`;
  if (!Array.isArray(v.runs)) return '"runs" is not an array';
  const bad = v.runs.findIndex(
    (r: unknown) =>
      typeof r !== 'object' || r === null || !Array.isArray((r as { results?: unknown }).results),
  );
  return bad === -1 ? null : `runs[${bad}] has no "results" array`;
}

export async function readHistory(projectDir: string, storyId: string): Promise<HistoryRead> {
  let text: string;
  try {
    text = await readFile(resultsPath(projectDir, storyId), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    throw err;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { kind: 'corrupt', reason: `invalid JSON: ${(err as Error).message}` };
  }
  const problem = shapeProblem(value, storyId);
  return problem ? { kind: 'corrupt', reason: problem } : { kind: 'ok', history: value as AssertionHistory };
}

export interface AppendOutcome {
  path: string;
  history: AssertionHistory;
  /** Set when the previous file was unreadable and was kept aside under this name. */
  movedAside?: { path: string; reason: string };
}

/** Appends one run to the story's history (creating it), never losing or silently replacing earlier content. */
export function appendRun(projectDir: string, storyId: string, run: AssertionRun): Promise<AppendOutcome> {
  const file = resultsPath(projectDir, storyId);
  return serializeOnPath(file, async () => {
    const current = await readHistory(projectDir, storyId);
    let movedAside: AppendOutcome['movedAside'];
    if (current.kind === 'corrupt') {
      const aside = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await rename(file, aside);
      movedAside = { path: aside, reason: current.reason };
    }
    const previous = current.kind === 'ok' ? current.history.runs : [];
    const history: AssertionHistory = { storyId, runs: [...previous, run] };
    await writeFileAtomicNow(file, JSON.stringify(history, null, 2) + '\n');
    return movedAside ? { path: file, history, movedAside } : { path: file, history };
  });
}
