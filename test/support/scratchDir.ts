// Temporary folders for tests and their helpers: under the test run's own folder (PUFFIN_SCRATCH_ROOT, made and
// removed by the vitest global setup, scratchRoot.ts), else removed when the process that made them exits (benches,
// scripts): every run of the suite otherwise leaves thousands of folders behind in the system's temp folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const SCRATCH_ROOT_ENV = 'PUFFIN_SCRATCH_ROOT';

const made: string[] = [];

function removeAll(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A new empty folder `<base>/<prefix>XXXXXX`, removed with the test run (or at this process's exit). */
export function scratchDir(prefix: string): string {
  const runRoot = process.env[SCRATCH_ROOT_ENV];
  if (runRoot) return mkdtempSync(path.join(runRoot, prefix));
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  if (made.length === 0) process.once('exit', removeAll);
  made.push(dir);
  return dir;
}
