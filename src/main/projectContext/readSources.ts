/** The project's own files a context draft is made from, read (bounded) from its root; a missing file is left out. */
import { open } from 'node:fs/promises';
import path from 'node:path';
import type { ContextSources } from './importContext';

/** More than any README's first paragraph or agent notes need; a huge file is read only this far. */
const READ_LIMIT = 256 * 1024;

async function readHead(file: string): Promise<string | undefined> {
  let handle;
  try {
    handle = await open(file, 'r');
    const buffer = Buffer.alloc(READ_LIMIT);
    const { bytesRead } = await handle.read(buffer, 0, READ_LIMIT, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } catch {
    return undefined;
  } finally {
    await handle?.close();
  }
}

async function first(root: string, names: string[]): Promise<string | undefined> {
  for (const name of names) {
    const text = await readHead(path.join(root, name));
    if (text !== undefined) return text;
  }
  return undefined;
}

export async function readContextSources(root: string): Promise<ContextSources> {
  const [readme, claudeMd, agentsMd, packageJson] = await Promise.all([
    first(root, ['README.md', 'readme.md', 'Readme.md', 'README']),
    first(root, ['CLAUDE.md']),
    first(root, ['AGENTS.md']),
    first(root, ['package.json']),
  ]);
  return {
    ...(readme !== undefined ? { readme } : {}),
    ...(claudeMd !== undefined ? { claudeMd } : {}),
    ...(agentsMd !== undefined ? { agentsMd } : {}),
    ...(packageJson !== undefined ? { packageJson } : {}),
  };
}
