// Start-up CPU of the headless CLI and the browser host, against the least a Node program can do in their place:
// `puffin --help` vs `node -e 0`, `puffin prompt` vs the bare Claude Code call it makes, and the host from launch
// to its first answered request vs a bare Node HTTP server. CPU (user + sys), not wall time: the ratios hold on a
// loaded machine. Every pair is interleaved and started, fed and timed the same way.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliEnv, claudeBinary, claudeExecutable, makeTempHome } from '../test/support/realCli';
import { startMockMessagesApi } from '../test/support/mockMessagesApi';
import { structured } from '../test/support/mockTurns';
import { lastToolResults } from '../test/support/requestInspection';
import { ADA, PERSON_PROMPT, PERSON_SCHEMA } from '../test/support/scenarios';
import { buildIfMissing } from './seededHost';
import { interleaved, liveCpuMs, median, residentMb, timedRun } from './childCpu';
import type { BenchModule } from './types';
import { scratchDir } from '../test/support/scratchDir';

/** The bare CLI's own CPU moves by tens of ms from run to run: enough pairs that the medians hold still. */
const PROMPT_RUNS = 61;

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(root, 'bin', 'puffin.cjs');
const node = process.execPath;
const tmp = scratchDir('puffin-startup-bench-');

const fmt = (ms: number) => `${ms.toFixed(0)} ms`;
const verdict = (ratio: number, goal: number) =>
  `**${ratio.toFixed(2)}×** (goal ≤ ${goal}×: ${ratio <= goal ? 'met' : 'NOT met'})`;

async function helpRows(): Promise<string[]> {
  const run =
    (args: string[], env: NodeJS.ProcessEnv = process.env) =>
    async () =>
      (await timedRun({ command: node, args, env })).cpuMs;
  const s = await interleaved(
    { bare: run(['-e', '0']), ours: run([bin, '--help']), sub: run([bin, 'prompt', '--help']) },
    21,
  );
  const tsx = await interleaved(
    { tsx: run([bin, '--help'], { ...process.env, PUFFIN_NO_PREBUILT: '1' }) },
    3,
  );
  const bare = median(s.bare);
  return [
    '| command | CPU (median of 21) | ratio to `node -e 0` |',
    '| --- | ---: | ---: |',
    `| \`node -e 0\` | ${fmt(bare)} | 1× |`,
    `| \`puffin --help\` | ${fmt(median(s.ours))} | ${verdict(median(s.ours) / bare, 3)} |`,
    `| \`puffin prompt --help\` | ${fmt(median(s.sub))} | ${(median(s.sub) / bare).toFixed(2)}× |`,
    `| \`puffin --help\` through tsx (PUFFIN_NO_PREBUILT, median of 3) | ${fmt(median(tsx.tsx))} | ${(median(tsx.tsx) / bare).toFixed(1)}× |`,
  ];
}

/** Node 20 where the machine has one (Debian's /usr/bin/node): the start that hands over to node_modules' Node 22. */
function olderNode(): string | null {
  try {
    const v = execFileSync('/usr/bin/node', ['--version'], { encoding: 'utf8' });
    return Number(/^v(\d+)/.exec(v)?.[1]) < 22 ? '/usr/bin/node' : null;
  } catch {
    return null;
  }
}

/** The ways a user starts `puffin`, in CPU and in wall time (what the user waits for): npx puts npm in front. */
async function wayInRows(): Promise<string[]> {
  const wall: Record<string, number[]> = {};
  const timed = (key: string, command: string, args: string[]) => async () => {
    const started = performance.now();
    const { cpuMs } = await timedRun({ command, args, env: process.env, cwd: root });
    (wall[key] ??= []).push(performance.now() - started);
    return cpuMs;
  };
  const old = olderNode();
  const sides: Record<string, () => Promise<number>> = {
    bin: timed('bin', node, [bin, '--help']),
    npx: timed('npx', 'npx', ['puffin', '--help']),
  };
  if (old) sides.old = timed('old', old, [bin, '--help']);
  const s = await interleaved(sides, 5);
  // The warm-up run of each side is timed too: its wall time is left out as its CPU is.
  const row = (key: string, label: string) =>
    s[key] ? [`| ${label} | ${fmt(median(s[key]))} | ${fmt(median(wall[key]!.slice(1)))} |`] : [];
  const oldVersion = old ? execFileSync(old, ['--version'], { encoding: 'utf8' }).trim() : '';
  return [
    '| way in | CPU (median of 5) | wall (median of 5) |',
    '| --- | ---: | ---: |',
    ...row(
      'bin',
      '`puffin --help` (bin/puffin.cjs: after `npm link`, or `./bin/puffin.cjs` in the checkout)',
    ),
    ...row('npx', '`npx puffin --help` in the checkout (npm starts first)'),
    ...row('old', `\`puffin --help\` started by Node ${oldVersion} (handed to node_modules' Node 22)`),
  ];
}

/** A `claude` that records the argv and stdin of its `-p` call, then runs the real one. */
function recordingShim(real: string): { path: string; args: () => string[]; stdin: string } {
  const log = path.join(tmp, 'prompt-call');
  const shim = path.join(tmp, 'claude-recording');
  const q = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;
  writeFileSync(
    shim,
    `#!/bin/bash\ncase " $* " in *" -p "*) printf '%s\\0' "$@" > ${q(log + '.args')}; ` +
      `tee ${q(log + '.stdin')} | ${q(real)} "$@";; *) exec ${q(real)} "$@";; esac\n`,
  );
  chmodSync(shim, 0o755);
  return {
    path: shim,
    args: () => readFileSync(`${log}.args`, 'utf8').split('\0').slice(0, -1),
    stdin: `${log}.stdin`,
  };
}

async function promptRows(): Promise<string[]> {
  const mock = await startMockMessagesApi({
    respond: (body) => (lastToolResults(body).length > 0 ? undefined : structured(ADA)),
  });
  const home = makeTempHome('puffin-startup-home-');
  try {
    const claude = claudeExecutable('current');
    const env = { ...cliEnv(mock.url, home.dir), PUFFIN_USER_DATA: path.join(tmp, 'user-data') };
    const schema = path.join(tmp, 'person.schema.json');
    const prompt = path.join(tmp, 'prompt.txt');
    writeFileSync(schema, JSON.stringify(PERSON_SCHEMA));
    writeFileSync(prompt, PERSON_PROMPT);
    const puffinArgs = [bin, 'prompt', '--schema', schema, '--max-turns', '3'];
    // One recorded run shows the exact argv and stdin of puffin's CLI call; the bare side replays them.
    const shim = recordingShim(claude);
    const out = path.join(tmp, 'out.json');
    const recorded = await timedRun({
      command: node,
      args: puffinArgs,
      env: { ...env, PUFFIN_CLAUDE_PATH: shim.path },
      stdin: prompt,
      stdout: out,
    });
    if (recorded.exitCode !== 0) throw new Error(`puffin prompt failed: ${readFileSync(out, 'utf8')}`);
    const call = { args: shim.args(), stdin: shim.stdin };
    const s = await interleaved(
      {
        bare: async () =>
          (await timedRun({ command: claude, args: call.args, env, stdin: call.stdin })).cpuMs,
        ours: async () =>
          (
            await timedRun({
              command: node,
              args: puffinArgs,
              env: { ...env, PUFFIN_CLAUDE_PATH: claude },
              stdin: prompt,
            })
          ).cpuMs,
      },
      PROMPT_RUNS,
    );
    const [bare, ours] = [median(s.bare), median(s.ours)];
    const { version, native } = claudeBinary('current');
    return [
      `Claude Code ${version} (${native ? 'native binary' : 'node cli-wrapper.cjs'}) against a loopback mock of the Messages API (one StructuredOutput turn), the CPU of everything each side started. The bare side is \`claude\` with the argv and stdin \`puffin prompt\` gave it (recorded in a first run).`,
      '',
      `| command | CPU (median of ${PROMPT_RUNS}) | ratio to the bare call |`,
      '| --- | ---: | ---: |',
      `| bare \`claude -p …\` | ${fmt(bare)} | 1× |`,
      `| \`puffin prompt --schema … --max-turns 3\` | ${fmt(ours)} | ${verdict(ours / bare, 1.15)} |`,
      `| (puffin's own share) | ${fmt(ours - bare)} | |`,
      '',
      "Where puffin's share goes (the node process's own CPU, process.cpuUsage, and CPU profiles, with a stand-in CLI): starting Node (about 22 ms, what `node -e 0` costs); the up-to-date check of the prebuilt bundle (a stat of each of its ~360 inputs, a bundled package counted once by its package.json: about 2 ms); loading the CLI bundle (about 15 ms: reading its 1.4 MB of JavaScript, written as ASCII so Node keeps it one byte per character, and V8 reading the code cache of the functions `prompt` runs, ~1 MB); the built-ins it needs (child_process, net, streams, fs/promises: about 4 ms); then the root, the spawns of the CLI and of the parent-death watchdog, reading the stream and printing the answer (about 15 ms). The bundle is one CommonJS file run from a V8 code cache that bin/puffin.cjs writes after the first successful run of each command (scripts/warmScript.cjs): Node's own compile cache stores a module before it runs, so every function a command called was compiled again at every start; with a current build a start never sets up Node's ES module loader either. Also no longer in it: compiling a schema (a validator Ajv compiled is stored as its standalone code per schema text in the user-data folder, storedValidators.ts, and loaded without compiling; from the second call with a schema Ajv is not even evaluated), execa (the CLI is spawned with node:child_process on POSIX) and node:crypto. The bare CLI's own CPU varies by tens of ms from run to run, so the ratio moves by a few hundredths between runs: hence 61 pairs. Checked apart from that noise (each side's `claude` run through a wrapper that reports its own CPU, 15 interleaved rounds): the CLI costs the same under puffin as bare (473 ms both), and puffin's process with its watchdog costs 60-70 ms.",
    ];
  } finally {
    await mock.close();
    home.cleanup();
  }
}

interface Started {
  cpuMs: number;
  rssMb: number;
  /** CPU up to the answer of a first call that needs the host's services (`call`), when asked for. */
  callCpuMs?: number;
}

/**
 * Launches a server that prints one JSON line with its URL, requests `urlKey` of it once, then reads the CPU the
 * process used up to that answer (and, with `call`, up to the answer of a settings:get call made right after it;
 * its resident memory `idleMs` later), and stops it.
 */
function launchToFirstAnswer(
  args: string[],
  env: NodeJS.ProcessEnv,
  urlKey: string,
  { idleMs = 0, call = false }: { idleMs?: number; call?: boolean } = {},
): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.on('error', reject);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (!out.includes('\n') || out === '') return;
      const url = (JSON.parse(out.slice(0, out.indexOf('\n'))) as Record<string, string>)[urlKey]!;
      out = '';
      child.stdout.removeAllListeners('data');
      void fetch(url, { redirect: 'manual' })
        .then(async (r) => {
          await r.arrayBuffer();
          const cpuMs = liveCpuMs(child.pid!);
          const callCpuMs = call ? (await firstCall(url), liveCpuMs(child.pid!)) : undefined;
          if (idleMs) await new Promise((r) => setTimeout(r, idleMs));
          const rssMb = residentMb(child.pid!);
          child.once('exit', () => resolve({ cpuMs, rssMb, callCpuMs }));
          child.kill('SIGTERM');
        })
        .catch(reject);
    });
  });
}

/** Asks the host at `launchUrl` for its settings (a call its services answer); resolves once answered. */
async function firstCall(launchUrl: string): Promise<void> {
  const url = new URL(launchUrl);
  const r = await fetch(new URL('/api/invoke', url), {
    method: 'POST',
    headers: { 'x-puffin-token': url.searchParams.get('token')!, 'content-type': 'application/json' },
    body: JSON.stringify({ channel: 'settings:get', payload: {} }),
  });
  if (!((await r.json()) as { ok: boolean }).ok) throw new Error('the host did not answer settings:get');
}

const BARE_SERVER = `const s = require('node:http').createServer((q, r) => r.end('ok'));
s.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ url: 'http://127.0.0.1:' + s.address().port + '/' })));
process.on('SIGTERM', () => process.exit(0));`;

async function hostRows(): Promise<string[]> {
  buildIfMissing();
  const loadBefore = loadavg()[0]!;
  const env = { ...process.env, PUFFIN_USER_DATA: mkdtempSync(path.join(tmp, 'host-data-')) };
  const host = [path.join(root, 'scripts', 'start.mjs'), '--host', '--json'];
  const s = await interleaved(
    {
      bare: async () => (await launchToFirstAnswer(['-e', BARE_SERVER], env, 'url')).cpuMs,
      ours: async () => (await launchToFirstAnswer(host, env, 'launchUrl')).cpuMs,
    },
    11,
  );
  const calls = await interleaved(
    { call: async () => (await launchToFirstAnswer(host, env, 'launchUrl', { call: true })).callCpuMs! },
    5,
  );
  const idleBare = await launchToFirstAnswer(['-e', BARE_SERVER], env, 'url', { idleMs: 2000 });
  const idleHost = await launchToFirstAnswer(host, env, 'launchUrl', { idleMs: 2000 });
  const [bare, ours, call] = [median(s.bare), median(s.ours), median(calls.call)];
  return [
    '`npm run serve` (scripts/start.mjs --host: the up-to-date checks of out/renderer and of the prebuilt host, then the host in the same process) against a Node HTTP server answering "ok"; CPU of the process from launch until its first request (the launch URL) is answered, summed over its threads from /proc (schedstat, ns).',
    '',
    '| server | CPU to the first answer (median of 11) | ratio | resident memory, 2 s idle after it |',
    '| --- | ---: | ---: | ---: |',
    `| bare Node HTTP server | ${fmt(bare)} | 1× | ${idleBare.rssMb.toFixed(0)} MB |`,
    `| browser host | ${fmt(ours)} | ${verdict(ours / bare, 2)} | ${idleHost.rssMb.toFixed(0)} MB |`,
    '',
    `The host answers the launch URL and the renderer's files from a small first chunk (node:http, the token and request checks, the static files) and creates its services (the composition root: settings, log, services; ws, ajv, execa) right after that first answer, or at once when a call or the event socket needs them, which then wait for them. The services cost what they did: a first call made right after the launch URL (settings:get) is answered after ${fmt(call)} of CPU (median of 5), and the idle memory above is with them loaded. What is left before the first answer besides a bare server's work: the ES module loader, one walk of src/renderer and src/shared (a stat per file) for out/renderer's up-to-date check, a stat per input of the prebuilt bundle outside it, and node:crypto and node:fs/promises.`,
    '',
    `Load average (1 min) ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after, on ${cpus().length} CPUs.`,
  ];
}

export default {
  title: 'Start-up: the headless CLI and the browser host (CPU)',
  async run() {
    const sections = [
      ['### `puffin --help`', await helpRows()],
      ['### The way in: direct, through npx, from an older Node', await wayInRows()],
      ['### `puffin prompt` with the real CLI', await promptRows()],
      ['### The browser host', await hostRows()],
    ] as const;
    return [
      'Prebuilt JavaScript (out/headless/, rebuilt when a source changes; scripts/prebuilt.mjs). CPU = user + system time of the child and everything it waited for (bash `times`), medians of interleaved runs after one warm-up.',
      ...sections.flatMap(([head, rows]) => ['', head, '', ...rows]),
    ].join('\n');
  },
} satisfies BenchModule;
