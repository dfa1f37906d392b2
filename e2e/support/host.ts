import { repoRoot } from './paths';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { test as base } from '@playwright/test';

export interface HostHandle {
  url: string;
  launchUrl: string;
  userDataDir: string;
  /** A fresh folder to open as a project. */
  projectDir: string;
  env: NodeJS.ProcessEnv;
}

const root = repoRoot;

/** Starts `npm run serve` (as its script does) with its own user-data folder and waits for its URL line. */
export async function startHost(
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; url: string; launchUrl: string }> {
  const child = spawn(
    process.execPath,
    [join(root, 'scripts', 'start.mjs'), '--host', '--json', '--no-build'],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`host exited with ${code}: ${stderr}`)));
  });
  const { url, launchUrl } = JSON.parse(first) as { url: string; launchUrl: string };
  return { child, url, launchUrl };
}

export const test = base.extend<{ host: HostHandle }>({
  // Playwright reads fixture dependencies from the destructuring pattern; this fixture needs none.
  // eslint-disable-next-line no-empty-pattern
  host: async ({}, use) => {
    const userDataDir = await mkdtemp(join(tmpdir(), 'puffin-e2e-user-'));
    const projectDir = await mkdtemp(join(tmpdir(), 'puffin-e2e-project-'));
    const env = { ...process.env, PUFFIN_USER_DATA: userDataDir };
    const { child, url, launchUrl } = await startHost(env);
    await use({ url, launchUrl, userDataDir, projectDir, env });
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    await rm(userDataDir, { recursive: true, force: true });
    await rm(projectDir, { recursive: true, force: true });
  },
});

export { expect } from '@playwright/test';
