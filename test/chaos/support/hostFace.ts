// A row through the browser host: generation:derive over /api/invoke (what the page sends), against a host
// process started like `npm run serve`. Rows share a host unless they need their own (a signal to Puffin, another
// CLI path); everything a host starts carries the host's marker (CHAOS_TAG).
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Action } from '../faults';
import { markedProcesses, survivorsAfter } from './processes';
import { CHAOS_TAG, type RowResult, waitUntil } from './rowResult';
import { rowTag, type RowCli } from './setup';
import { scratchDir } from '../../support/scratchDir';

const repo = fileURLToPath(new URL('../../../', import.meta.url));

export interface HostProcess {
  process: ChildProcess;
  tag: string;
  invoke(
    channel: string,
    payload: unknown,
  ): Promise<{ ok: boolean; value?: unknown; error?: { code: string } }>;
  exited: Promise<number | null>;
  /** SIGTERM, wait for the exit, then check nothing of it is left. */
  stop(): Promise<number[]>;
}

export async function startHostProcess(env: NodeJS.ProcessEnv, cliPath: string): Promise<HostProcess> {
  const tag = rowTag();
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/chaos/support/hostDriver.ts'], {
    cwd: repo,
    env: {
      ...env,
      PUFFIN_CLAUDE_PATH: cliPath,
      PUFFIN_USER_DATA: scratchDir('puffin-chaos-host-'),
      [CHAOS_TAG]: tag,
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    void exited.then((code) => reject(new Error(`host exited (${code}) before listening`)));
  });
  const { url, token } = JSON.parse(first) as { url: string; token: string };
  const invoke: HostProcess['invoke'] = async (channel, payload) => {
    const res = await fetch(`${url}api/invoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-puffin-token': token },
      body: JSON.stringify({ channel, payload }),
    });
    return (await res.json()) as Awaited<ReturnType<HostProcess['invoke']>>;
  };
  const opened = await invoke('project:open', { path: scratchDir('puffin-chaos-project-') });
  if (!opened.ok) throw new Error(`project:open failed: ${JSON.stringify(opened.error)}`);
  await invoke('settings:update', { maxConcurrent: 8 });
  return {
    process: child,
    tag,
    invoke,
    exited,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      return survivorsAfter(tag, 10_000, CHAOS_TAG);
    },
  };
}

let ids = 0;

/** One generation on a running host; `action` is a cancel through the API, or a signal to the host process. */
export async function runOnHost(
  host: HostProcess,
  cli: RowCli,
  action: Action | undefined,
): Promise<RowResult> {
  const id = `chaos-${process.pid}-${++ids}-${Date.now().toString(36)}`;
  const started = Date.now();
  const answer = host.invoke('generation:derive', { id, prompt: cli.prompt, deriveStories: true }).then(
    (r) => ({ r }),
    (e: unknown) => ({ e }),
  );
  if (action) {
    await waitUntil(cli.started, 60_000);
    if (action === 'cancel') await host.invoke('generation:cancel', { id });
    else host.process.kill(action);
  }
  const settled = await answer;
  const ms = Date.now() - started;
  let outcome: string;
  let evidence: string | undefined;
  if ('e' in settled) {
    const code = await host.exited;
    outcome = action === 'SIGKILL' ? 'killed' : code === 0 ? 'host_stopped' : `host_exited_${code}`;
  } else if (!settled.r.ok) {
    outcome = settled.r.error?.code ?? 'no_code';
  } else {
    const g = settled.r.value as {
      status: string;
      stories?: unknown[];
      error?: { code: string; message: string };
    };
    outcome =
      g.status === 'succeeded' ? (g.stories?.length ? 'ok' : 'unexpected_data') : (g.error?.code ?? g.status);
    evidence = g.error?.message;
  }
  // Every run of the row (the title call after it included), found by its own marker.
  const survivors: number[] = [];
  if (action && action !== 'cancel') survivors.push(...(await survivorsAfter(host.tag, 10_000, CHAOS_TAG)));
  for (const runId of cli.runIds()) survivors.push(...(await survivorsAfter(runId, 10_000)));
  return { outcome, ms, survivors, runIds: cli.runIds(), ...(evidence ? { evidence } : {}) };
}

/** The host's CLI processes (the host itself excluded) still alive after `withinMs`. */
export async function hostChildrenAfter(host: HostProcess, withinMs: number): Promise<number[]> {
  const until = Date.now() + withinMs;
  for (;;) {
    const left = (await markedProcesses(host.tag, CHAOS_TAG)).filter((p) => p !== host.process.pid);
    if (left.length === 0 || Date.now() >= until) return left;
    await new Promise((r) => setTimeout(r, 100));
  }
}
