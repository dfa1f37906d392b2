/**
 * Checks a plan's file lists against the project folder before approval: files to modify must exist, files to
 * create must not, and no path may point outside the project (`..`, absolute paths, or symbolic links that
 * lead out once resolved). Read-only: nothing here touches the files.
 */
import { lstat, readlink, realpath, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { FileIssue, Plan } from '../../shared/plans';

type Mode = 'modified' | 'created';

/** Marks a path whose symbolic links loop (or chain absurdly deep): it cannot be resolved. */
const LOOP = Symbol('loop');
const MAX_LINK_HOPS = 40;

/**
 * One issue per offending (story, list, path), in plan order: each item's modified files, then its created ones.
 * `existedAtApproval`: for an approved revision, the paths that existed when it was approved; existence is judged
 * against those (the work done since creates and changes the very files the plan names).
 */
export async function checkPlanFiles(
  projectDir: string,
  plan: Plan,
  existedAtApproval?: readonly string[],
): Promise<FileIssue[]> {
  const root = await realpath(projectDir);
  const then = existedAtApproval ? new Set(existedAtApproval) : null;
  const jobs: Promise<FileIssue | null>[] = [];
  for (const item of plan.planItems) {
    const lists: [Mode, string[]][] = [
      ['modified', item.filesModified],
      ['created', item.filesCreated],
    ];
    for (const [mode, paths] of lists) {
      for (const path of new Set(paths)) jobs.push(checkOne(root, item.storyId, path, mode, then));
    }
  }
  return (await Promise.all(jobs)).filter((issue): issue is FileIssue => issue !== null);
}

/** The paths the plan names (as written) that exist in the project now, outside paths left out: what approval keeps. */
export async function existingPlanPaths(projectDir: string, plan: Plan): Promise<string[]> {
  const root = await realpath(projectDir);
  const paths = [...new Set(plan.planItems.flatMap((i) => [...i.filesModified, ...i.filesCreated]))];
  const found = await Promise.all(
    paths.map(async (path) => {
      const full = resolve(root, path.replace(/\\/g, '/'));
      if (!isInside(relative(root, full))) return null;
      return (await exists(lstat, full)) ? path : null;
    }),
  );
  return found.filter((p): p is string => p !== null);
}

async function checkOne(
  root: string,
  storyId: string,
  path: string,
  mode: Mode,
  then: ReadonlySet<string> | null,
): Promise<FileIssue | null> {
  const outside = (why: string): FileIssue => ({
    kind: 'outside_project',
    storyId,
    path,
    message: `"${path}" (story ${storyId}) ${why}; plans may only name files inside the project folder.`,
  });
  // Models writing for Windows use backslashes; a backslash in a real POSIX file name is rare enough to ignore.
  const rel = path.replace(/\\/g, '/');
  if (isAbsolute(rel) || /^[A-Za-z]:/.test(rel)) return outside('is an absolute path');
  const full = resolve(root, rel);
  const lexical = relative(root, full);
  if (lexical === '') return outside('names the project folder itself, not a file');
  if (!isInside(lexical)) return outside('leaves the project folder through ".."');

  const real = await resolveReal(full, 0);
  if (real === LOOP) return outside('is a symbolic link loop');
  if (!isInside(relative(root, real))) return outside(`resolves through a symbolic link to ${real}`);

  if (then) return approvedIssue(storyId, path, mode, then.has(path));
  if (mode === 'modified') {
    if (await exists(stat, full)) return null;
    return {
      kind: 'modified_missing',
      storyId,
      path,
      message: `"${path}" is listed as modified by story ${storyId} but does not exist in the project.`,
    };
  }
  const entry = await exists(lstat, full);
  if (!entry) return null;
  const what = entry.isDirectory() ? 'a folder' : entry.isSymbolicLink() ? 'a symbolic link' : 'a file';
  return {
    kind: 'created_exists',
    storyId,
    path,
    message: `"${path}" is listed as created by story ${storyId} but already exists (${what}).`,
  };
}

/** The existence check of an approved revision, against what existed when it was approved. */
function approvedIssue(storyId: string, path: string, mode: Mode, existed: boolean): FileIssue | null {
  if (mode === 'modified' && !existed)
    return {
      kind: 'modified_missing',
      storyId,
      path,
      message: `"${path}" is listed as modified by story ${storyId} but did not exist when the plan was approved.`,
    };
  if (mode === 'created' && existed)
    return {
      kind: 'created_exists',
      storyId,
      path,
      message: `"${path}" is listed as created by story ${storyId} but already existed when the plan was approved.`,
    };
  return null;
}

function isInside(rel: string): boolean {
  return rel === '' || !(rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel));
}

async function exists<T>(probe: (p: string) => Promise<T>, p: string): Promise<T | null> {
  try {
    return await probe(p);
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * Where `p` really is once every symbolic link is followed, also for paths that do not exist yet: the
 * nearest existing ancestor is resolved and the rest appended, and a dangling link is followed to its target
 * (creating the file would write there).
 */
async function resolveReal(p: string, hops: number): Promise<string | typeof LOOP> {
  try {
    return await realpath(p);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOOP') return LOOP;
    if (!isMissing(err)) throw err;
  }
  let target: string | null = null;
  try {
    target = await readlink(p);
  } catch {
    // Not a link (or not there): resolve through the parent below.
  }
  if (target !== null) {
    return hops >= MAX_LINK_HOPS ? LOOP : resolveReal(resolve(dirname(p), target), hops + 1);
  }
  const parent = dirname(p);
  if (parent === p) return p;
  const realParent = await resolveReal(parent, hops);
  return realParent === LOOP ? LOOP : join(realParent, basename(p));
}
