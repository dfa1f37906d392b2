/** For tests of the store through the app's root: a temp dir with a project whose `.puffin` exists, and a CLI root. */
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRoot, type Root } from '../../../src/main/app/core';

export interface TestProjectRoot {
  /** The temp dir: `app/` (the project) and `user-data/` (the root's settings). */
  dir: string;
  project: string;
  /** `<project>/.puffin`. */
  store: string;
  root: Root;
}

/** `storeFolders` are made inside `.puffin` too (a test writes records into them before the project opens). */
export async function makeTestProjectRoot(
  prefix: string,
  storeFolders: readonly string[] = [],
): Promise<TestProjectRoot> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const project = join(dir, 'app');
  const store = join(project, '.puffin');
  await mkdir(store, { recursive: true });
  for (const folder of storeFolders) await mkdir(join(store, folder));
  const root = await createRoot({ userDataDir: join(dir, 'user-data'), platform: { face: 'cli' } });
  return { dir, project, store, root };
}
