// What grows with input stays bounded, for `npm run chaos`: an endless line from every HTTP engine, a grounded walk
// of the whole disk, a CLI whose --help never ends, a grandchild that escapes its group and marker, a multi-MB
// request beside small ones, and memory after 10,000 malformed requests. (`npm test` has each as a test of its
// own: see the file named in each row.)
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRoot } from '../../../src/main/app/core';
import { startHost } from '../../../src/host/server';
import { cgroupBase } from '../../../src/main/engines/claude-cli/runCgroup';
import { createCapabilityProbe } from '../../../src/main/engines/claude-cli/grounding/probeCapabilities';
import { walkFiles } from '../../../src/main/llm/grounding/walkFiles';
import { noRunGuard } from '../../../src/main/engines/claude-cli/runWatchdog';
import { apiWorld } from '../../engines/apiWorld';
import { startMockGeminiApi } from '../../support/mockGeminiApi';
import { startMockMessagesApi } from '../../support/mockMessagesApi';
import { startMockOllamaApi } from '../../support/mockOllamaApi';
import { startMockOpenAiApi } from '../../support/mockOpenAiApi';
import { killAll, runWithEscapedGrandchild } from './escapedGrandchild';
import type { ProbeRow } from './facesProbes';

const MB = 1024 * 1024;
const FLOOD = 200 * MB;
const KEY = 'chaos-key-0123456789';
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function engineFloods(times: number): Promise<ProbeRow> {
  let held = 0;
  let slowest = 0;
  const engines = ['anthropic', 'openai', 'ollama', 'gemini'] as const;
  for (let i = 0; i < times; i++) {
    for (const provider of engines) {
      const script = [{ kind: 'flood' as const, bytes: FLOOD }];
      const mock =
        provider === 'anthropic'
          ? await startMockMessagesApi({ script, isMainLoop: () => true })
          : await { openai: startMockOpenAiApi, ollama: startMockOllamaApi, gemini: startMockGeminiApi }[
              provider
            ]({ apiKey: KEY, script });
      const env = { ANTHROPIC_API_KEY: KEY, OPENAI_API_KEY: KEY, GEMINI_API_KEY: KEY };
      const started = performance.now();
      const error = await apiWorld(env).failure({ provider, model: 'm', baseUrl: mock.url });
      slowest = Math.max(slowest, performance.now() - started);
      const sent = await mock.floods[0];
      if (error.code === 'garbage_output' && sent !== undefined && sent < FLOOD / 2) held++;
      await mock.close();
    }
  }
  return {
    fault: 'one endless 200 MB line from each HTTP engine',
    test: 'test/engines/bodyBounds.test.ts',
    tried: times * engines.length,
    held,
    figure: `${held} garbage_output, the request dropped near 16 MB; slowest ${seconds(slowest)}`,
  };
}

async function diskWalk(times: number): Promise<ProbeRow> {
  let held = 0;
  let slowest = 0;
  let files = 0;
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    const walk = await walkFiles('/');
    slowest = Math.max(slowest, performance.now() - started);
    files = walk.files.length;
    // Bounded by files or by time (10 s), with room for a loaded machine.
    if (performance.now() - started < 20_000 && files <= 100_000) held++;
  }
  return {
    fault: 'a grounded walk of the whole disk (`/`)',
    test: 'src/main/llm/grounding/walkFiles.test.ts',
    tried: times,
    held,
    figure: `stopped at ${files} files; slowest ${seconds(slowest)} (refused as a project root before that)`,
  };
}

async function endlessHelp(dir: string, times: number): Promise<ProbeRow> {
  const cli = join(dir, 'claude');
  writeFileSync(
    cli,
    '#!/bin/sh\n[ "$1" = "--version" ] && { echo "2.1.330 (Claude Code)"; exit 0; }\nyes "--tools"\n',
  );
  chmodSync(cli, 0o755);
  let held = 0;
  let grew = 0;
  for (let i = 0; i < times; i++) {
    const before = process.memoryUsage().rss;
    await createCapabilityProbe(noRunGuard)(
      { path: cli, source: 'path', command: cli, argsPrefix: [] },
      { PATH: process.env.PATH ?? '' },
    );
    const growth = process.memoryUsage().rss - before;
    grew = Math.max(grew, growth);
    if (growth < 64 * MB) held++;
  }
  return {
    fault: 'a CLI whose --help never ends',
    test: 'src/main/engines/claude-cli/grounding/probeCapabilities.test.ts',
    tried: times,
    held,
    figure: `read 1 MB of it at most; memory grew ${(grew / MB).toFixed(0)} MB at most`,
  };
}

async function escapedGrandchild(dir: string, times: number): Promise<ProbeRow> {
  const fault = 'a grandchild that calls setsid and clears its environment';
  const test = 'test/chaos/cgroup.test.ts';
  if ((await cgroupBase()) === null)
    return { fault, test, tried: 0, held: 0, figure: 'no cgroup to make here' };
  let held = 0;
  for (let i = 0; i < times; i++) {
    const { pids, running } = await runWithEscapedGrandchild(dir, String(i));
    if (running.length === 0) held++;
    killAll(pids);
  }
  return { fault, test, tried: times, held, figure: `${held} ended with their run` };
}

async function hostUnderLoad(dir: string, times: number): Promise<ProbeRow[]> {
  writeFileSync(join(dir, 'index.html'), '<!doctype html>');
  const root = await createRoot({ userDataDir: join(dir, 'user'), platform: { face: 'browser' } });
  const host = await startHost({ root, rendererDir: dir });
  const invoke = async (body: string): Promise<number> => {
    const started = performance.now();
    const res = await fetch(`${host.url}api/invoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-puffin-token': host.token },
      body,
    });
    await res.text();
    return performance.now() - started;
  };
  const small = JSON.stringify({ channel: 'app:info', payload: {} });
  const big = JSON.stringify({ channel: 'extract:legacy', payload: { text: 'x'.repeat(7.9 * MB) } });
  let heldLoad = 0;
  let worst = 0;
  for (let i = 0; i < times; i++) {
    const large = invoke(big);
    const waits = [];
    for (let j = 0; j < 5; j++) waits.push(await invoke(small));
    await large;
    const most = Math.max(...waits);
    worst = Math.max(worst, most);
    if (most < 250) heldLoad++;
  }
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const start = process.memoryUsage().heapUsed;
  for (let i = 0; i < 10_000; i++)
    await invoke(i % 2 ? '{"channel": [' : JSON.stringify({ channel: 'x', payload: i }));
  gc?.();
  const after = process.memoryUsage().heapUsed;
  await host.close();
  await root.dispose();
  const growth = (after - start) / start;
  return [
    {
      fault: 'a 7.9 MB request beside small ones at the host',
      test: 'src/host/bodyParser.test.ts',
      tried: times,
      held: heldLoad,
      figure: `small requests waited ${worst.toFixed(0)} ms at most (0.5-0.7 s before)`,
    },
    {
      fault: '10,000 malformed requests, then memory',
      test: 'src/host/bodyParser.test.ts',
      tried: 1,
      held: gc && growth < 0.2 ? 1 : 0,
      figure: gc
        ? `heap ${(growth * 100).toFixed(0)} % above its start after a GC`
        : 'not measured: run with --expose-gc',
    },
  ];
}

export async function boundsProbes(times: number): Promise<ProbeRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'puffin-chaos-bounds-'));
  try {
    return [
      await engineFloods(times),
      await diskWalk(Math.min(times, 3)),
      await endlessHelp(dir, times),
      await escapedGrandchild(dir, times),
      ...(await hostUnderLoad(dir, times)),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
