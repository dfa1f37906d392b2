import { repoRoot } from './paths';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { test as base } from '@playwright/test';
import type { RealCliWorld } from '../../test/support/realCliWorld';

export interface HostHandle {
  url: string;
  launchUrl: string;
  userDataDir: string;
  /** A fresh folder to open as a project. */
  projectDir: string;
  env: NodeJS.ProcessEnv;
}

const root = repoRoot;

export interface StartedHost {
  child: ChildProcess;
  url: string;
  launchUrl: string;
  /** SIGTERM, then waits for the host to exit. */
  stop(): Promise<void>;
}

/** Starts `npm run serve` (as its script does) with its own user-data folder and waits for its URL line. */
export async function startHost(env: NodeJS.ProcessEnv): Promise<StartedHost> {
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
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  return { child, url, launchUrl, stop };
}

/**
 * The browser host over a real-CLI world: its user data, and the CLI and mock the world set up. The host keeps the
 * machine's environment (it runs node and tsx) without any credentials of its own; the world's variables win.
 */
export function startWorldHost(world: RealCliWorld): Promise<StartedHost> {
  const machine = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(ANTHROPIC_|CLAUDE_CODE_|PUFFIN_)/.test(key)),
  );
  return startHost({ ...machine, ...world.env });
}

export const test = base.extend<{ host: HostHandle }>({
  // Playwright reads fixture dependencies from the destructuring pattern; this fixture needs none.
  // eslint-disable-next-line no-empty-pattern
  host: async ({}, use) => {
    const userDataDir = await mkdtemp(join(tmpdir(), 'puffin-e2e-user-'));
    const projectDir = await mkdtemp(join(tmpdir(), 'puffin-e2e-project-'));
    const env = { ...process.env, PUFFIN_USER_DATA: userDataDir };
    const host = await startHost(env);
    await use({ url: host.url, launchUrl: host.launchUrl, userDataDir, projectDir, env });
    await host.stop();
    await rm(userDataDir, { recursive: true, force: true });
    await rm(projectDir, { recursive: true, force: true });
  },
});

export { expect } from '@playwright/test';
