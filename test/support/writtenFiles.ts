// What a run left on disk, for "the key is written nowhere" checks: every file under a folder, with its text.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export async function filesUnder(root: string): Promise<{ file: string; text: string }[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  return Promise.all(files.map(async (file) => ({ file, text: await readFile(file, 'utf8') })));
}
