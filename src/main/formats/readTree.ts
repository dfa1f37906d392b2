/**
 * Reads the markdown and YAML files of a folder for the formats, bounded (file count, file size, total bytes) so a
 * wrong path (a home folder) fails fast instead of reading everything. Symbolic links are not followed.
 */
import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ServiceError } from '../base/errors';

export const TREE_LIMITS = { files: 5_000, fileBytes: 2 * 1024 * 1024, totalBytes: 64 * 1024 * 1024 };

const WANTED = /\.(md|ya?ml)$/i;
const SKIPPED = new Set(['node_modules', '.git', '.puffin']);

/** Relative path (with `/`) → text of every wanted file under `dir`; `{}` when the folder does not exist. */
export async function readTree(dir: string, limits = TREE_LIMITS): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  let total = 0;
  const walk = async (rel: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(path.join(dir, rel), { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' && rel === '') return;
      throw err;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const e of entries) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory() && !SKIPPED.has(e.name)) await walk(child);
      else if (e.isFile() && WANTED.test(e.name)) {
        if (files.size >= limits.files)
          throw new ServiceError(
            'spec_too_large',
            `More than ${limits.files} files under ${dir}: name the format's own folder.`,
          );
        const { size } = await lstat(path.join(dir, child));
        if (size > limits.fileBytes)
          throw new ServiceError(
            'spec_too_large',
            `${child} is larger than ${limits.fileBytes / 1024 / 1024} MB.`,
            { file: child },
          );
        total += size;
        if (total > limits.totalBytes)
          throw new ServiceError(
            'spec_too_large',
            `The files under ${dir} pass ${limits.totalBytes / 1024 / 1024} MB.`,
          );
        files.set(child, await readFile(path.join(dir, child), 'utf8'));
      }
    }
  };
  await walk('');
  return files;
}
