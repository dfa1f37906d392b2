// HEAD commit of a project folder, read from .git directly (no git binary, no process): HEAD → ref → loose ref file
// or packed-refs. Handles `.git` files (worktrees, submodules) and a worktree's `commondir`.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

const SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

async function readText(file: string): Promise<string | null> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    return null;
  }
}

async function gitDirOf(projectDir: string): Promise<string | null> {
  const dotGit = path.join(projectDir, '.git');
  const s = await stat(dotGit).catch(() => null);
  if (!s) return null;
  if (s.isDirectory()) return dotGit;
  const pointer = await readText(dotGit);
  const m = pointer && /^gitdir:\s*(.+)$/m.exec(pointer);
  return m ? path.resolve(projectDir, m[1]!.trim()) : null;
}

/** The commit HEAD points to, or null when the folder is not the root of a git repository (or HEAD is unborn). */
export async function readGitCommit(projectDir: string): Promise<string | null> {
  const gitDir = await gitDirOf(projectDir);
  if (!gitDir) return null;
  const head = await readText(path.join(gitDir, 'HEAD'));
  if (!head) return null;
  if (SHA.test(head)) return head;
  const ref = /^ref:\s*(\S+)$/.exec(head)?.[1];
  if (!ref || ref.includes('..')) return null;
  const common = await readText(path.join(gitDir, 'commondir'));
  const dirs = [gitDir, ...(common ? [path.resolve(gitDir, common)] : [])];
  for (const dir of dirs) {
    const loose = await readText(path.join(dir, ref));
    if (loose && SHA.test(loose)) return loose;
  }
  for (const dir of dirs) {
    const packed = await readText(path.join(dir, 'packed-refs'));
    for (const line of packed?.split('\n') ?? []) {
      const [sha, name] = line.trim().split(' ');
      if (name === ref && sha && SHA.test(sha)) return sha;
    }
  }
  return null;
}
