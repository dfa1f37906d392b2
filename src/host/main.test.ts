// `runHost` as `npm run serve` runs it, in a child process: it prints its URL before the services exist, creates
// them after the first answer, and reports a failure to create them as it did when they came first (the error on
// stderr, exit code 1).
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

/** Starts the host on a one-file renderer; resolves with its launch URL and how it ended. */
async function startHost(userData: (dir: string) => string) {
  const dir = await mkdtemp(join(tmpdir(), 'puffin-host-main-'));
  dirs.push(dir);
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>host</title>');
  const run = `import(${JSON.stringify(join(repo, 'src/host/main.ts'))}).then((m) => m.runHost({ json: true, rendererDir: ${JSON.stringify(dir)} }))`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', run], {
    cwd: repo,
    env: { ...process.env, PUFFIN_USER_DATA: userData(dir) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const ended = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stderr })),
  );
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')));
    });
    child.once('exit', () => reject(new Error(`the host exited before listening: ${stderr}`)));
  });
  const { url, launchUrl } = JSON.parse(line) as { url: string; launchUrl: string };
  return { child, url, launchUrl, token: new URL(launchUrl).searchParams.get('token')!, ended };
}

describe('runHost', () => {
  it('answers the launch URL, then serves calls from the services it creates after it', async () => {
    const h = await startHost((dir) => join(dir, 'user-data'));
    try {
      expect((await fetch(h.launchUrl, { redirect: 'manual' })).status).toBe(303);
      const r = await fetch(`${h.url}api/invoke`, {
        method: 'POST',
        headers: { 'x-puffin-token': h.token, 'content-type': 'application/json' },
        body: JSON.stringify({ channel: 'settings:get', payload: {} }),
      });
      expect(await r.json()).toMatchObject({ ok: true, value: { theme: expect.any(String) } });
    } finally {
      h.child.kill('SIGTERM');
    }
    expect((await h.ended).code).toBe(0);
  });

  it('reports a failure to create the services on stderr and exits with code 1', async () => {
    // The user-data folder lies under a file: reading settings.json fails with ENOTDIR.
    const h = await startHost((dir) => join(dir, 'index.html', 'user-data'));
    expect((await fetch(h.launchUrl, { redirect: 'manual' })).status).toBe(303);
    const { code, stderr } = await h.ended;
    expect(code).toBe(1);
    expect(stderr).toMatch(/ENOTDIR.*settings\.json/);
  });

  it('creates its services shortly after listening even when nobody opens it (a failure shows at once)', async () => {
    const h = await startHost((dir) => join(dir, 'index.html', 'user-data'));
    const { code, stderr } = await h.ended; // no request made
    expect(code).toBe(1);
    expect(stderr).toMatch(/ENOTDIR.*settings\.json/);
  });
});
