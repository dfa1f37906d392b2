import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli, type RunRequest } from './runCli';
import type { LocatedCli } from './locateCli';
import type { KillDeps } from './processTree';
import { memorySpawner, transcript as t } from '../../../../test/support/memorySpawner';
import type { SpawnedCli, SpawnExit, Spawner } from './spawnCli';
import { cliDeltaLine } from '../../../../test/support/cliDeltaLines';

const cli: LocatedCli = { path: '/x/claude', source: 'path', command: '/x/claude', argsPrefix: [] };
const req = (extra: Partial<RunRequest> = {}): RunRequest => ({
  cli,
  args: ['-p'],
  prompt: 'hello',
  env: {},
  ...extra,
});

describe('runCli', () => {
  it('delivers every event in order but keeps no stream_event deltas', async () => {
    const se = JSON.stringify({
      type: 'stream_event',
      event: { type: 'message_start', message: { id: 'm' } },
    });
    const { spawn, calls } = memorySpawner([{ stdout: t.lines(t.init('2.1.186'), se, se, t.result({})) }]);
    const seen: string[] = [];
    const run = await runCli(req({ onEvent: (e) => seen.push(e.kind) }), { spawn });
    expect(seen).toEqual(['init', 'stream_event', 'stream_event', 'result']);
    expect(run.events.map((e) => e.kind)).toEqual(['init', 'result']);
    expect(run).toMatchObject({ endedBy: 'exit', cliVersion: '2.1.186', exit: { exitCode: 0 } });
    expect(calls).toEqual([{ command: '/x/claude', args: ['-p'], input: 'hello' }]);
  });

  it("leaves no listener on the child's streams once it returns, so they do not keep the run's events alive", async () => {
    const { spawn } = memorySpawner([{ stdout: t.lines(t.init(), t.result({})), stderr: 'note\n' }]);
    const streams: SpawnedCli[] = [];
    const run = await runCli(req({ onEvent: () => {} }), {
      spawn: (...a) => {
        const child = spawn(...a);
        streams.push(child);
        return child;
      },
    });
    expect(run.events.map((e) => e.kind)).toEqual(['init', 'result']);
    expect(run.stderrTail).toBe('note\n');
    expect(streams[0]!.stdout.listenerCount('data')).toBe(0);
    expect(streams[0]!.stderr.listenerCount('data')).toBe(0);
  });

  it("hands the CLI's delta lines to onDelta as their fields, in order with onEvent, which hears of none of them", async () => {
    const message = JSON.stringify({
      type: 'stream_event',
      event: { type: 'message_start', message: { id: 'm' } },
      session_id: 's',
      parent_tool_use_id: null,
    });
    const stdout = t.lines(
      t.init(),
      message,
      cliDeltaLine('{"a":', 1),
      cliDeltaLine('1}', 2, 0, 'toolu_1'),
      t.result({}),
    );
    const seen: unknown[] = [];
    const run = await runCli(
      req({
        onEvent: (e) => seen.push(e.kind),
        onDelta: (...fields) => seen.push(fields),
        onBatchEnd: () => seen.push('end of chunk'),
      }),
      { spawn: memorySpawner([{ stdout }]).spawn },
    );
    expect(seen).toEqual([
      'init',
      'stream_event',
      [0, '{"a":', undefined, 'm'],
      [0, '1}', 'toolu_1', undefined],
      'result',
      'end of chunk',
      'end of chunk',
    ]);
    expect(run.events.map((e) => e.kind)).toEqual(['init', 'result']);
  });

  it('keeps only a bounded tail of stdout and stderr', async () => {
    const filler = Array.from({ length: 5000 }, (_, i) => t.text(`line ${i} ${'y'.repeat(100)}`)).join('\n');
    const { spawn } = memorySpawner([
      { stdout: filler + '\n' + t.result({}) + '\n', stderr: 'e'.repeat(50_000) + 'LAST' },
    ]);
    const run = await runCli(req(), { spawn });
    expect(run.stdoutBytes).toBeGreaterThan(500_000);
    expect(run.rawTail.join('\n').length).toBeLessThanOrEqual(64 * 1024);
    expect(run.rawTail.at(-1)).toContain('"result"');
    expect(run.stderrTail.length).toBe(8192);
    expect(run.stderrTail.endsWith('LAST')).toBe(true);
  });

  it('survives a listener that throws', async () => {
    const { spawn } = memorySpawner([{ stdout: t.lines(t.init(), t.result({})) }]);
    const run = await runCli(
      req({
        onEvent: () => {
          throw new Error('UI broke');
        },
      }),
      { spawn },
    );
    expect(run.events).toHaveLength(2);
  });

  it('does not spawn when the signal has already fired', async () => {
    const { spawn, calls } = memorySpawner([{ stdout: '' }]);
    const run = await runCli(req({ signal: AbortSignal.abort() }), { spawn });
    expect(run.endedBy).toBe('cancelled');
    expect(calls).toEqual([]);
  });

  it('reports a spawner that throws as a spawn error with its errno', async () => {
    const spawn: Spawner = () => {
      throw Object.assign(new Error('spawn EACCES'), { code: 'EACCES' });
    };
    const run = await runCli(req(), { spawn });
    expect(run).toMatchObject({ endedBy: 'spawn_error', exit: { errorCode: 'EACCES' } });
  });
});

/** A CLI that prints `stdout` and then neither exits nor closes stdout until its group is signalled. */
function stuckSpawner(stdout: string, opts: { leaderExits?: boolean; platform?: NodeJS.Platform } = {}) {
  const out = new PassThrough();
  const err = new PassThrough();
  let exit!: (e: SpawnExit) => void;
  const processExited = new Promise<SpawnExit>((r) => (exit = r));
  const signals: string[] = [];
  const kill: KillDeps = {
    platform: opts.platform ?? 'linux',
    signalGroup: (pid, signal) => {
      signals.push(`${signal} -${pid}`);
      exit({ exitCode: null, signal });
      out.end();
      err.end();
    },
    taskkill: (pid) => {
      signals.push(`taskkill ${pid}`);
      exit({ exitCode: 1, signal: null });
      out.end();
      err.end();
    },
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (h) => clearTimeout(h as NodeJS.Timeout),
    killMarked: async (runId) => {
      signals.push(`marked ${runId}`);
      return 0;
    },
  };
  const spawn: Spawner = () => {
    out.write(stdout);
    // "exits 0 while a grandchild holds its stdout": the leader is gone, the pipe stays open.
    if (opts.leaderExits) exit({ exitCode: 0, signal: null });
    const ended = new Promise<void>((r) => out.on('end', r));
    return {
      pid: 4242,
      stdout: out,
      stderr: err,
      exited: Promise.all([processExited, ended]).then(([e]) => e),
      processExited,
    };
  };
  return { spawn, kill, signals };
}

const noGuard = { track: () => () => {} };

describe('runCli ending a run that does not end by itself', () => {
  it('uses the result when the CLI prints it and then hangs: the group is killed after the grace', async () => {
    const { spawn, kill, signals } = stuckSpawner(
      t.lines(t.init(), t.result({ structured_output: { a: 1 } })),
    );
    const started = Date.now();
    const run = await runCli(req({ resultGraceMs: 50, timeoutMs: 60_000 }), { spawn, kill, guard: noGuard });
    expect(run.endedBy).toBe('after_result');
    expect(run.events.map((e) => e.kind)).toEqual(['init', 'result']);
    expect(signals[0]).toBe('SIGTERM -4242');
    expect(signals).toContain(`marked ${run.runId}`);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it.each([
    ['the call times out', () => ({ timeoutMs: 30 })],
    ['the user cancels', () => ({ signal: AbortSignal.timeout(30) })],
  ] as const)(
    'keeps the paid result when %s after the result line and before the CLI ends',
    async (_, made) => {
      const opts = made();
      const { spawn, kill, signals } = stuckSpawner(
        t.lines(t.init(), t.result({ structured_output: { a: 1 } })),
      );
      const run = await runCli(req({ resultGraceMs: 60_000, ...opts }), { spawn, kill, guard: noGuard });
      expect(run.endedBy).toBe('after_result');
      expect(run.events.map((e) => e.kind)).toEqual(['init', 'result']);
      expect(signals[0]).toBe('SIGTERM -4242');
    },
  );

  it('on Windows, never runs taskkill on the pid of a leader that has already exited (it may be reused)', async () => {
    const { spawn, kill, signals } = stuckSpawner(t.lines(t.init()), {
      leaderExits: true,
      platform: 'win32',
    });
    // Cancelled while a descendant still holds stdout, inside the drain window.
    const run = await runCli(req({ drainGraceMs: 200, signal: AbortSignal.timeout(30) }), {
      spawn,
      kill,
      guard: noGuard,
    });
    expect(run.exit).toMatchObject({ exitCode: 0 });
    expect(signals.filter((s) => s.startsWith('taskkill'))).toEqual([]);
  });

  it('cuts stdout held open by a descendant once the CLI itself has exited', async () => {
    const { spawn, kill, signals } = stuckSpawner(t.lines(t.init()), { leaderExits: true });
    const run = await runCli(req({ drainGraceMs: 50, timeoutMs: 60_000 }), { spawn, kill, guard: noGuard });
    expect(run).toMatchObject({ endedBy: 'exit', exit: { exitCode: 0 } });
    expect(signals).toContain('SIGKILL -4242');
  });

  it('stops a run whose stdout line passes the cap, with garbage_output, keeping memory bounded', async () => {
    const huge = `${t.init()}\n{"type":"assistant","message":{"content":[{"type":"text","text":"${'x'.repeat(5000)}`;
    const { spawn, kill, signals } = stuckSpawner(huge);
    const run = await runCli(req({ maxLineChars: 1000, timeoutMs: 60_000 }), { spawn, kill, guard: noGuard });
    expect(run).toMatchObject({
      endedBy: 'garbage_output',
      endDetail: expect.stringMatching(/longer than 1000/),
    });
    expect(signals[0]).toBe('SIGTERM -4242');
  });

  it('turns a throw inside the stdout listener into garbage_output instead of an uncaught exception', async () => {
    const spawn: Spawner = () => {
      // Not bytes: the decoder throws on it, inside the 'data' listener.
      const stdout = Readable.from([{ not: 'bytes' }], { objectMode: true });
      const stderr = Readable.from([]);
      const ended = (s: Readable) => new Promise<void>((r) => s.on('end', r));
      return {
        pid: undefined,
        stdout,
        stderr,
        exited: Promise.all([ended(stdout), ended(stderr)]).then(() => ({ exitCode: 0, signal: null })),
      };
    };
    const run = await runCli(req(), { spawn, guard: noGuard });
    expect(run).toMatchObject({
      endedBy: 'garbage_output',
      endDetail: expect.stringMatching(/could not be read/),
    });
  });

  it('gives the CLI its run marker and tells the guard about the run until it is over', async () => {
    const { spawn, calls } = memorySpawner([{ stdout: t.lines(t.init(), t.result({})) }]);
    const seen: string[] = [];
    const spawnWithEnv: Spawner = (command, args, options) => {
      seen.push(`env ${options.env.PUFFIN_RUN_ID}`);
      return spawn(command, args, options);
    };
    const guard = {
      track: (runId: string) => {
        seen.push(`track ${runId}`);
        return () => seen.push(`untrack ${runId}`);
      },
    };
    const run = await runCli(req({ env: { A: '1' } }), { spawn: spawnWithEnv, guard });
    expect(calls).toHaveLength(1);
    expect(seen).toEqual([`env ${run.runId}`, `track ${run.runId}`, `untrack ${run.runId}`]);
  });
});
