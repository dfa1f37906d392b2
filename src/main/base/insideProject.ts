/**
 * Paths Puffin writes to or opens for the user, checked where they really lead: every symbolic link on the way is
 * resolved (also a dangling one, and for a file not written yet, its deepest existing folder), and the real path
 * must stay inside the project's real folder. A lexical check lets `docs -> /elsewhere` write outside the project.
 */
import { readlink, realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { ServiceError } from './errors';

const MAX_LINK_HOPS = 40;

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

const tooManyLinks = (p: string) =>
  new ServiceError('outside_project', `${p} cannot be resolved: its symbolic links loop.`, { path: p });

/** The real path of `p`, which need not exist: what it would be once created. */
export async function realPathOf(p: string, hops = 0): Promise<string> {
  if (hops > MAX_LINK_HOPS) throw tooManyLinks(p);
  try {
    return await realpath(p);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOOP') throw tooManyLinks(p);
    if (!isMissing(err)) throw err;
  }
  let link: string | null = null;
  try {
    link = await readlink(p);
  } catch {
    // Not a link, or not there: resolve through its folder.
  }
  if (link !== null) return realPathOf(resolve(dirname(p), link), hops + 1);
  const parent = dirname(p);
  if (parent === p) return p;
  return join(await realPathOf(parent, hops), basename(p));
}

function inside(root: string, p: string): boolean {
  const rel = relative(root, p);
  // `..` as a whole segment only: `..data/x` is a folder inside. An absolute rel is another drive (Windows).
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/**
 * `target` (absolute, or relative to the project) resolved through its symbolic links; refused with
 * `outside_project` when it leads outside the project. Returns the path as given (absolute), for the user's eyes.
 */
export async function requireInsideProject(projectDir: string, target: string): Promise<string> {
  const full = resolve(projectDir, target);
  const [root, real] = await Promise.all([realPathOf(projectDir), realPathOf(full)]);
  if (!inside(root, real)) {
    const via = inside(resolve(projectDir), full) ? ` (a symbolic link leads to ${real})` : '';
    throw new ServiceError('outside_project', `${target} is outside the project${via}.`, {
      path: full,
      realPath: real,
    });
  }
  return full;
}
