// The browser host with seeded projects and a Chromium to measure them in, for the panel benches (backlog, board):
// builds the renderer when missing, seeds one project per size through the API, and cleans everything up.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS } from '../e2e/support/chromium';
import { startHost } from '../e2e/support/host';
import { repoRoot } from '../e2e/support/paths';

export async function api(url: string, token: string, channel: string, payload: unknown): Promise<unknown> {
  const r = await fetch(`${url}api/invoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-puffin-token': token },
    body: JSON.stringify({ channel, payload }),
  });
  const text = await r.text();
  if (!r.ok) throw new Error(`${channel}: HTTP ${r.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

export async function seed(url: string, token: string, path: string, count: number): Promise<void> {
  await api(url, token, 'project:open', { path });
  for (let i = 0; i < count; i += 200) {
    const drafts = Array.from({ length: Math.min(200, count - i) }, (_, k) => {
      const n = i + k + 1;
      return {
        title: `Story ${n}: export the ${['weekly', 'monthly', 'yearly'][n % 3]} report as CSV`,
        description: `As a team lead, I want to export report ${n} so that I can share it with the team.`,
        acceptanceCriteria: ['CSV and PDF', 'Keeps the active filters', `Named "report-${n}.csv"`],
      };
    });
    await api(url, token, 'stories:accept', { drafts });
  }
}

export function buildIfMissing(): void {
  if (existsSync(join(repoRoot, 'out', 'renderer', 'index.html'))) return;
  process.stdout.write('  building the renderer (electron-vite build)…\n');
  const r = spawnSync(
    process.execPath,
    [join(repoRoot, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'],
    { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (r.status !== 0) throw new Error('electron-vite build failed');
}

export interface SeededHost {
  url: string;
  launchUrl: string;
  token: string;
  /** Story count → the project folder seeded with that many stories. */
  projects: Map<number, string>;
  browser: Browser;
}

export async function withSeededHost<T>(
  name: string,
  sizes: readonly number[],
  measure: (host: SeededHost) => Promise<T>,
): Promise<T> {
  buildIfMissing();
  const userData = await mkdtemp(join(tmpdir(), `puffin-${name}-bench-user-`));
  const projects = new Map<number, string>();
  let child: ChildProcess | undefined;
  let browser: Browser | undefined;
  try {
    for (const n of sizes) projects.set(n, await mkdtemp(join(tmpdir(), `puffin-${name}-bench-${n}-`)));
    const host = await startHost({ ...process.env, PUFFIN_USER_DATA: userData });
    child = host.child;
    const token = new URL(host.launchUrl).searchParams.get('token')!;
    for (const n of sizes) await seed(host.url, token, projects.get(n)!, n);
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    return await measure({ url: host.url, launchUrl: host.launchUrl, token, projects, browser });
  } finally {
    await browser?.close();
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(userData, { recursive: true, force: true });
    for (const p of projects.values()) await rm(p, { recursive: true, force: true });
  }
}
