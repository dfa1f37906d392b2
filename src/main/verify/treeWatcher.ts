// Watches a project folder for changed paths, skipping folders no assertion looks at (.git, node_modules...).
// macOS and Windows watch a whole tree natively (`recursive: true`). On Linux, Node emulates `recursive` by putting a
// watcher on every folder, node_modules included, which can exhaust inotify watches on a large project; there this
// watches folder by folder itself, skipping the ignored ones and following folders as they appear.
import { watch, type FSWatcher } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

export interface TreeWatcherOptions {
  /** Folder names never entered (any depth). */
  skip: readonly string[];
  /** Paths relative to the root, forward slashes. */
  onPaths: (rels: string[]) => void;
  onError: (err: Error) => void;
  /** Force the per-folder strategy (tests; Linux uses it always). */
  perFolder?: boolean;
}

export interface TreeWatcher {
  close(): void;
  /** Folders watched (per-folder strategy), for tests and diagnostics. */
  folders(): string[];
}

function toRel(rel: string): string {
  return rel.split(path.sep).join('/');
}

export async function watchTree(root: string, options: TreeWatcherOptions): Promise<TreeWatcher> {
  const skip = new Set(options.skip);
  // A name skips that folder anywhere; a path (with a slash) skips that one folder of the project.
  const paths = options.skip.filter((s) => s.includes('/'));
  const skipped = (rel: string) =>
    rel.split('/').some((seg) => skip.has(seg)) || paths.some((p) => rel === p || rel.startsWith(`${p}/`));
  const perFolder = options.perFolder ?? process.platform === 'linux';
  if (!perFolder) {
    const w = watch(root, { recursive: true }, (_event, name) => {
      if (name && !skipped(toRel(name))) options.onPaths([toRel(name)]);
    });
    w.on('error', options.onError);
    return { close: () => w.close(), folders: () => [''] };
  }

  const watchers = new Map<string, FSWatcher>();
  let closed = false;

  const unwatch = (rel: string) => {
    for (const [key, w] of watchers) {
      if (key === rel || key.startsWith(`${rel}/`)) {
        w.close();
        watchers.delete(key);
      }
    }
  };

  const add = async (rel: string): Promise<void> => {
    if (closed || watchers.has(rel) || (rel !== '' && skipped(rel))) return;
    const abs = path.join(root, rel);
    let w: FSWatcher;
    try {
      w = watch(abs, (_event, name) => {
        if (!name) return;
        const child = rel ? `${rel}/${toRel(name)}` : toRel(name);
        if (skipped(child)) return;
        options.onPaths([child]);
        // A folder that appears (mkdir, checkout, rename) gets watched too; one that goes away is dropped.
        void stat(path.join(root, child)).then(
          (s) => (s.isDirectory() ? add(child) : undefined),
          () => unwatch(child),
        );
      });
    } catch {
      return; // Gone already.
    }
    w.on('error', () => unwatch(rel));
    watchers.set(rel, w);
    const entries = await readdir(abs, { withFileTypes: true }).catch(() => []);
    await Promise.all(
      entries.filter((e) => e.isDirectory()).map((e) => add(rel ? `${rel}/${e.name}` : e.name)),
    );
  };

  await add('');
  return {
    close() {
      closed = true;
      for (const w of watchers.values()) w.close();
      watchers.clear();
    },
    folders: () => [...watchers.keys()].sort(),
  };
}
