import { describe, expect, it } from 'vitest';
import { runCli, type RunRequest } from './runCli';
import type { LocatedCli } from './locateCli';
import { memorySpawner, transcript as t } from './testing';
import type { Spawner } from './spawnCli';

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
