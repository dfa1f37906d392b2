/**
 * For the tests of what serves the renderer (static files, the app:// scheme, the browser host): a built renderer
 * folder in a fresh temp dir, with files beside it that no request may ever reach.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Paths (with `/`) to contents. */
type Files = Record<string, string | Uint8Array>;

export interface TestWebRoot {
  /** The temp dir: the renderer folder and the files beside it. */
  dir: string;
  /** The renderer folder, `<dir>/renderer`. */
  web: string;
  remove(): Promise<void>;
}

export async function makeTestWebRoot(prefix: string, files: Files, beside: Files): Promise<TestWebRoot> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const web = join(dir, 'renderer');
  await writeAll(web, files);
  await writeAll(dir, beside);
  return { dir, web, remove: () => rm(dir, { recursive: true, force: true }) };
}

async function writeAll(base: string, files: Files): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    const file = join(base, ...path.split('/'));
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, content);
  }
}
