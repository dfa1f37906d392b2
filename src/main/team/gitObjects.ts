/**
 * Reading a branch's files from git's objects, never by checking it out: the local branches, the files under a
 * folder at a branch (`git ls-tree`), and many files at once through one `git cat-file --batch`.
 */
import { spawn } from 'node:child_process';
import { git, GitError } from '../base/gitRepo';

/** Files read in one cat-file process at most (every one of them is held in memory until parsed). */
export const MAX_BLOBS = 200_000;

/** Every local branch, by short name (sorted), with the commit it points at: one git call. */
export async function localBranches(root: string): Promise<Map<string, string>> {
  const out = await git(root, ['for-each-ref', '--format=%(objectname) %(refname:short)', 'refs/heads/']);
  const pairs = out
    .split('\n')
    .filter(Boolean)
    .map((l) => [l.slice(l.indexOf(' ') + 1), l.slice(0, l.indexOf(' '))] as const);
  return new Map(pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export interface TreeFile {
  /** From the repository root. */
  path: string;
  /** The blob's id: the same content on two branches is the same blob, read once. */
  sha: string;
}

/** The files under `folders` (paths from the repository root) at a commit, with their blob ids. */
export async function filesAt(root: string, commit: string, folders: readonly string[]): Promise<TreeFile[]> {
  const out = await git(root, ['ls-tree', '-r', '-z', '--full-tree', commit, '--', ...folders]);
  const files: TreeFile[] = [];
  for (const entry of out.split('\0')) {
    // `<mode> blob <sha>\t<path>`
    const tab = entry.indexOf('\t');
    const [, type, sha] = entry.slice(0, Math.max(tab, 0)).split(' ');
    if (tab !== -1 && type === 'blob' && sha) files.push({ path: entry.slice(tab + 1), sha });
  }
  return files;
}

/**
 * The text of each object (a blob id; null where git has no such object), read by one `git cat-file --batch`: its
 * answers are `<sha> blob <size>\n<bytes>\n`, or `<spec> missing\n`. Ids, not `<commit>:<path>`: git resolves a
 * path through the trees for every file, ten times the cost.
 */
export async function readBlobs(root: string, specs: readonly string[]): Promise<(string | null)[]> {
  if (specs.length === 0) return [];
  if (specs.length > MAX_BLOBS) throw new GitError(`Too many files to read at once (${specs.length}).`);
  const child = spawn('git', ['cat-file', '--batch'], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
  const chunks: Buffer[] = [];
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => chunks.push(c));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const done = new Promise<number>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
  });
  child.stdin.end(specs.map((s) => `${s}\n`).join(''));
  const code = await done;
  if (code !== 0)
    throw new GitError(`git cat-file --batch failed in ${root}: ${stderr.trim() || `exit ${code}`}`);
  const out = Buffer.concat(chunks);
  const texts: (string | null)[] = [];
  let at = 0;
  for (let i = 0; i < specs.length; i++) {
    const eol = out.indexOf(10, at);
    const header = out.subarray(at, eol).toString('utf8');
    at = eol + 1;
    if (header.endsWith(' missing') || header.endsWith(' ambiguous')) {
      texts.push(null);
      continue;
    }
    const size = Number(header.split(' ')[2]);
    texts.push(out.subarray(at, at + size).toString('utf8'));
    at += size + 1;
  }
  return texts;
}

/** Each text parsed as JSON, or null where it is missing or does not parse. */
export function parsedOr<T>(text: string | null): T | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}
