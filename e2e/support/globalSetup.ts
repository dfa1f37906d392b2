import { repoRoot } from './paths';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** Builds the app once for all workers; each test then starts hosts with --no-build. */
export default function globalSetup(): void {
  const root = repoRoot;
  const r = spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (r.status !== 0) throw new Error('electron-vite build failed');
}
