// The smaller faults between faces, for `npm run chaos`: each probe is tried `times` and holds when every try got
// its typed answer. (`npm test` has each as a test of its own: see the file named in each row.)
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { createRoot, type Root } from '../../../src/main/app/core';
import { startHost } from '../../../src/host/server';
import type { AppInfo } from '../../../src/shared/ipc/contract';

export interface ProbeRow {
  fault: string;
  test: string;
  tried: number;
  held: number;
  /** What was seen, for the table. */
  figure: string;
}

const code = (r: Awaited<ReturnType<Root['dispatch']>>) => (r.ok ? 'ok' : r.error.code);

async function hostProbes(dir: string, times: number): Promise<ProbeRow[]> {
  const web = join(dir, 'web');
  await mkdir(web);
  await writeFile(join(web, 'index.html'), '<!doctype html>');
  const root = await createRoot({ userDataDir: join(dir, 'host-user'), platform: { face: 'browser' } });
  const host = await startHost({ root, rendererDir: web });
  const invoke = (headers: Record<string, string>) =>
    fetch(`${host.url}api/invoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-puffin-token': host.token, ...headers },
      body: JSON.stringify({ channel: 'settings:get', payload: {} }),
    });
  const socketStatus = (path: string) =>
    new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${host.port}${path}`);
      ws.once('open', () => (ws.terminate(), resolve(101)));
      ws.once('unexpected-response', (_q, res) => (ws.terminate(), resolve(res.statusCode ?? 0)));
      ws.once('error', () => resolve(0));
    });
  const rows: ProbeRow[] = [];
  try {
    let originHeld = 0;
    const origins = [`127.0.0.1:${host.port}`, `localhost:${host.port}`, `ws://127.0.0.1:${host.port}`];
    for (let i = 0; i < times; i++)
      if ((await invoke({ origin: origins[i % origins.length]! })).status === 403) originHeld++;
    rows.push({
      fault: 'scheme-less Origin',
      test: 'src/host/server.test.ts',
      tried: times,
      held: originHeld,
      figure: `${originHeld} refused 403 forbidden_origin`,
    });
    let socketHeld = 0;
    for (let i = 0; i < times; i++)
      if ((await socketStatus(`/api/events?token=${i % 2 ? host.token : 'wrong'}`)) === 400) socketHeld++;
    rows.push({
      fault: '?token= in the event socket address',
      test: 'src/host/eventSocket.test.ts',
      tried: times,
      held: socketHeld,
      figure: `${socketHeld} refused 400 token_in_url`,
    });
    const nul = ['project:open', 'settings:update', 'assertions:evaluate', 'verify:run'] as const;
    const payloads = [
      { path: '/tmp/a\u0000b' },
      { claudePath: 'a\u0000b' },
      { project: 'a\u0000b' },
      { junit: 'a\u0000b' },
    ];
    let nulHeld = 0;
    for (let i = 0; i < times; i++) {
      const r = await root.dispatch(nul[i % nul.length], payloads[i % nul.length], { face: 'browser' });
      if (code(r) === 'invalid_payload') nulHeld++;
    }
    rows.push({
      fault: 'NUL byte in a path',
      test: 'src/main/base/nulPaths.test.ts',
      tried: times,
      held: nulHeld,
      figure: `${nulHeld} invalid_payload (project:open, settings:update, assertions:evaluate, verify:run)`,
    });
    let reachHeld = 0;
    for (let i = 0; i < times; i++) {
      const r =
        i % 2
          ? await root.dispatch(
              'assertions:evaluate',
              { project: '/etc', assertions: [] },
              { face: 'browser' },
            )
          : await root.dispatch(
              'prompt:run',
              { prompt: 'x', schema: { type: 'object' }, project: '/etc' },
              { face: 'browser' },
            );
      if (['no_project', 'outside_project'].includes(code(r))) reachHeld++;
    }
    rows.push({
      fault: 'a folder outside the open project (`/etc`) from the host',
      test: 'src/main/app/faceReach.test.ts',
      tried: times,
      held: reachHeld,
      figure: `${reachHeld} refused (prompt:run, assertions:evaluate)`,
    });
    const broad = ['/', homedir(), '/etc', '/usr'];
    let broadHeld = 0;
    for (let i = 0; i < times; i++)
      if (
        code(await root.dispatch('project:open', { path: broad[i % broad.length] }, { face: 'browser' })) ===
        'not_a_project_folder'
      )
        broadHeld++;
    rows.push({
      fault: 'project root `/`, home or a system folder',
      test: 'src/main/app/projectService.test.ts',
      tried: times,
      held: broadHeld,
      figure: `${broadHeld} refused not_a_project_folder`,
    });
  } finally {
    await host.close();
    await root.dispose();
  }
  return rows;
}

async function settingsProbe(dir: string, times: number): Promise<ProbeRow> {
  let held = 0;
  for (let i = 0; i < times; i++) {
    const user = join(dir, `corrupt-${i}`);
    await mkdir(user);
    await writeFile(join(user, 'settings.json'), '{"theme": ');
    const root = await createRoot({ userDataDir: user, platform: { face: 'browser' } });
    const r = await root.dispatch('app:info', {}, { face: 'browser' });
    await root.dispose();
    if (r.ok && (r.value as AppInfo).problems?.some((p) => p.includes('settings.json.corrupt-'))) held++;
  }
  return {
    fault: 'corrupt user settings.json',
    test: 'src/main/app/settingsProblems.test.ts',
    tried: times,
    held,
    figure: `${held} told (app:info problems, headless warnings)`,
  };
}

async function tempProbe(dir: string, times: number): Promise<ProbeRow> {
  const dead = spawnSync(process.execPath, ['-e', '']).pid;
  const user = join(dir, 'temp-user');
  const project = join(dir, 'temp-app');
  const places = [
    (i: number) => join(user, `.settings.json.p${dead}.${i.toString(16).padStart(12, '0')}.tmp`),
    (i: number) => join(user, 'cache', 'validators', `${i.toString(16).padStart(16, '0')}.js.${dead}.tmp`),
    (i: number) =>
      join(project, '.puffin', 'stories', `.s${i}.json.p${dead}.${i.toString(16).padStart(12, '0')}.tmp`),
    (i: number) =>
      join(project, 'docs', 'puffin', `.x${i}.md.p${dead}.${i.toString(16).padStart(12, '0')}.tmp`),
  ];
  for (const d of [
    user,
    join(user, 'cache', 'validators'),
    join(project, '.puffin', 'stories'),
    join(project, 'docs', 'puffin'),
  ])
    await mkdir(d, { recursive: true });
  for (let i = 0; i < times; i++) await writeFile(places[i % places.length]!(i), '{"partial');
  const live = join(user, `.keys.json.p${process.pid}.ffffffffffff.tmp`);
  await writeFile(live, 'being written');
  const root = await createRoot({ userDataDir: user, platform: { face: 'cli' } });
  await root.dispatch('project:open', { path: project }, { face: 'test' });
  await root.dispose();
  const left = (await readdir(dir, { recursive: true })).filter(
    (n) => n.endsWith('.tmp') && !n.endsWith('ffffffffffff.tmp'),
  );
  const liveKept = (await readdir(user)).includes(live.split('/').at(-1)!);
  return {
    fault: 'temp files of killed writers (user data, validator cache, store, docs/puffin)',
    test: 'src/main/app/startSweep.test.ts',
    tried: times,
    held: times - left.length - (liveKept ? 0 : 1),
    figure: `${left.length} left after the next start; a live writer's temp file ${liveKept ? 'kept' : '**removed**'}`,
  };
}

/** The host stopping while a request runs: its answer, each time on a host of its own. */
async function stopProbe(dir: string, times: number): Promise<ProbeRow> {
  const web = join(dir, 'stop-web');
  await mkdir(web, { recursive: true });
  await writeFile(join(web, 'index.html'), '<!doctype html>');
  const real = await createRoot({ userDataDir: join(dir, 'stop-user'), platform: { face: 'browser' } });
  let held = 0;
  try {
    for (let i = 0; i < times; i++) {
      let arrived!: () => void;
      const dispatched = new Promise<void>((resolve) => (arrived = resolve));
      const never = new Promise<never>(() => {});
      const root = { ...real, dispatch: () => (arrived(), never) } as Root;
      const host = await startHost({ root, rendererDir: web });
      const answer = fetch(`${host.url}api/invoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-puffin-token': host.token },
        body: JSON.stringify({ channel: 'settings:get', payload: {} }),
      }).then(
        async (res) => ((await res.json()) as { error?: { code?: string } }).error?.code,
        () => 'connection reset',
      );
      await dispatched;
      await host.close();
      if ((await answer) === 'cancelled') held++;
    }
  } finally {
    await real.dispose();
  }
  return {
    fault: "the host stops with the browser's request in flight",
    test: 'src/host/stopAnswers.test.ts',
    tried: times,
    held,
    figure: `${held} answered cancelled, ${times - held} reset`,
  };
}

export async function facesProbes(times: number): Promise<ProbeRow[]> {
  const dir = await mkdtemp(join(tmpdir(), 'puffin-chaos-probes-'));
  try {
    return [
      ...(await hostProbes(dir, times)),
      await settingsProbe(dir, times),
      await tempProbe(dir, times),
      await stopProbe(dir, Math.min(times, 20)),
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
