// The browser host opening a project as the app's first screen needs it: launched, the project opened, then the
// requests the renderer makes for its first screen (the backlog's first page, history, the open review), at once.
// CPU of the host process from launch until all are answered, and the size of the first backlog answer.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { liveCpuMs } from './childCpu';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface HostOpen {
  cpuMs: number;
  /** Bytes of the first stories:page answer. */
  firstPageBytes: number;
}

async function invoke(base: URL, token: string, channel: string, payload: unknown): Promise<string> {
  const r = await fetch(new URL('/api/invoke', base), {
    method: 'POST',
    headers: { 'x-puffin-token': token, 'content-type': 'application/json' },
    body: JSON.stringify({ channel, payload }),
  });
  const text = await r.text();
  if (!r.ok || !(JSON.parse(text) as { ok: boolean }).ok)
    throw new Error(`${channel}: HTTP ${r.status} ${text.slice(0, 300)}`);
  return text;
}

export function hostOpen(project: string, userData: string): Promise<HostOpen> {
  const args = [path.join(root, 'scripts', 'start.mjs'), '--host', '--json', '--no-build'];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, PUFFIN_USER_DATA: userData },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.on('error', reject);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (!out.includes('\n')) return;
      child.stdout.removeAllListeners('data');
      const launch = new URL(
        (JSON.parse(out.slice(0, out.indexOf('\n'))) as { launchUrl: string }).launchUrl,
      );
      const token = launch.searchParams.get('token')!;
      const call = (channel: string, payload: unknown) => invoke(launch, token, channel, payload);
      void (async () => {
        await call('project:open', { path: project });
        const [page] = await Promise.all([
          call('stories:page', { limit: 200 }),
          call('history:list', {}),
          call('review:get', {}),
        ]);
        return { cpuMs: liveCpuMs(child.pid!), firstPageBytes: Buffer.byteLength(page) };
      })()
        .then((result) => {
          child.once('exit', () => resolve(result));
          child.kill('SIGTERM');
        })
        .catch((err: unknown) => {
          child.kill('SIGTERM');
          reject(err as Error);
        });
    });
  });
}
