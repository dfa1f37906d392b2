/**
 * Which project the MCP server works on: `--project`, else PUFFIN_PROJECT, else the first of the client's roots
 * that is a folder, else the server's working directory. When the client gave roots, a project outside all of
 * them is refused: the client said which folders the server may touch.
 */
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ServiceError } from '../main/base/errors';

/** The local folders among the client's roots (only `file://` URIs name one). */
export function rootFolders(roots: readonly { uri: string }[]): string[] {
  return roots.flatMap((r) => {
    if (!r.uri.startsWith('file://')) return [];
    try {
      return [fileURLToPath(r.uri)];
    } catch {
      return [];
    }
  });
}

async function isFolder(p: string): Promise<boolean> {
  return stat(p).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

const real = (p: string): Promise<string> => realpath(p).catch(() => path.resolve(p));

function within(root: string, p: string): boolean {
  const rel = path.relative(root, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

export async function chooseProject(opts: {
  explicit: string | null;
  /** null when the client does not support roots. */
  roots: readonly string[] | null;
  cwd: string;
}): Promise<string> {
  let chosen = opts.explicit ? path.resolve(opts.cwd, opts.explicit) : null;
  for (const r of opts.roots ?? []) {
    if (chosen) break;
    if (await isFolder(r)) chosen = r;
  }
  chosen ??= opts.cwd;
  const roots = opts.roots ?? [];
  if (roots.length > 0) {
    const target = await real(chosen);
    const inside = await Promise.all(roots.map(async (r) => within(await real(r), target)));
    if (!inside.includes(true))
      throw new ServiceError(
        'outside_roots',
        `The project ${chosen} is outside every root the MCP client gave (${roots.join(', ')}). Open it as a root in your agent, or give --project inside one.`,
        { project: chosen, roots: [...roots] },
      );
  }
  return chosen;
}
