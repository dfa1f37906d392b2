/**
 * Every temp file Puffin makes is swept at the next start of any face (desktop, host, headless CLI, MCP): those of
 * the user-data folder (settings, keys, window state, the validator cache) when the face starts, those of a
 * project (its store, and the folders of the project Puffin writes files into) when the project opens. A temp file
 * whose writer may still be writing is left (store/tempSweep.ts). The stories folder (100,000 files in a large
 * backlog) is swept by its index instead, when a change it did not log (such as a killed write) makes it rebuild.
 */
import { dirname, join } from 'node:path';
import { STORE_DIR } from '../../shared/project';
import { EXPORT_DIR } from '../plans/exportMarkdown';
import { FOLDERS } from '../store/folders';
import { STORE_SWEEP_SKIP, sweepTemps } from '../store/tempSweep';
import { WORKFLOW_FILE } from '../verify/ciWorkflow';
import type { Logger } from '../base/logger';

/** Folders of the user's project Puffin writes single files into (sprint exports, the CI workflow, the hook). */
const PROJECT_FOLDERS = [EXPORT_DIR, dirname(WORKFLOW_FILE), join('.git', 'hooks')];

async function swept(what: string, jobs: Promise<string[]>[], log: Logger): Promise<number> {
  const results = await Promise.allSettled(jobs);
  for (const r of results)
    if (r.status === 'rejected')
      log.warn(`Could not remove old temp files from ${what}: ${(r.reason as Error).message}`);
  const count = results.reduce((n, r) => n + (r.status === 'fulfilled' ? r.value.length : 0), 0);
  if (count > 0) log.info(`Removed ${count} temp file(s) left in ${what} by interrupted writes.`);
  return count;
}

export function sweepUserDataTemps(userDataDir: string, log: Logger): Promise<number> {
  return swept(
    'the user-data folder',
    [sweepTemps(userDataDir), sweepTemps(join(userDataDir, 'cache', 'validators'))],
    log,
  );
}

export function sweepProjectTemps(projectDir: string, storeDir: string, log: Logger): Promise<number> {
  return swept(
    `${STORE_DIR} and the project's folders`,
    [
      sweepTemps(storeDir, { recursive: true, skip: [...STORE_SWEEP_SKIP, FOLDERS.stories.path] }),
      // Only temp files that name their writer: an old-style name in the user's folders may not be Puffin's.
      ...PROJECT_FOLDERS.map((f) => sweepTemps(join(projectDir, f), { namedOnly: true })),
    ],
    log,
  );
}
