import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { statSync } from 'node:fs';
import {
  bornAfterMs,
  canScanMarkers,
  confirmedRunStart,
  environHas,
  killMarked,
  newRunId,
  pidsWithMarker,
  RUN_ID_ENV,
  RUN_START_SLACK_MS,
  type MarkerScanDeps,
} from './runMarker';

describe('environHas', () => {
  const block = Buffer.from('A=1\0PUFFIN_RUN_ID=abc\0XPUFFIN_RUN_ID=zzz\0');
  it('matches a whole name=value entry only', () => {
    expect(environHas(block, RUN_ID_ENV, 'abc')).toBe(true);
    expect(environHas(block, RUN_ID_ENV, 'ab')).toBe(false);
    expect(environHas(block, RUN_ID_ENV, 'zzz')).toBe(false);
  });
});

describe('pidsWithMarker', () => {
  it('looks at every listed pid but its own, in batches', async () => {
    const pids = Array.from({ length: 150 }, (_, i) => i + 1);
    const marked = new Set([3, 70, 149]);
    const found = await pidsWithMarker('m', RUN_ID_ENV, {
      listPids: () => [...pids, process.pid],
      readEnviron: (pid) =>
        Buffer.from(marked.has(pid) || pid === process.pid ? `${RUN_ID_ENV}=m\0` : 'A=b\0'),
    });
    expect(found).toEqual([3, 70, 149]);
  });

  it('reads only the processes that may be younger than the run when told when it started', async () => {
    // The run started 20 s ago; a process dated up to a second before that is still read (coarse kernel clock).
    const since = { wallMs: Date.now() - 20_000, monoMs: performance.now() - 20_000 };
    const bornAt = new Map([
      [1, since.wallMs - 50_000],
      [2, since.wallMs - RUN_START_SLACK_MS - 1],
      [3, since.wallMs - RUN_START_SLACK_MS / 2],
      [4, since.wallMs + 10_000],
    ]);
    const read: number[] = [];
    const deps: MarkerScanDeps = {
      listPids: () => [...bornAt.keys()],
      readEnviron: (pid) => (read.push(pid), Buffer.from(`${RUN_ID_ENV}=m\0`)),
      mayBeBornSince: (pid, wallMs) => bornAt.get(pid)! >= wallMs,
    };
    expect(await pidsWithMarker('m', RUN_ID_ENV, deps, since)).toEqual([3, 4]);
    expect(read).toEqual([3, 4]);
    read.length = 0;
    expect(await pidsWithMarker('m', RUN_ID_ENV, deps)).toEqual([1, 2, 3, 4]);
    expect(read).toEqual([1, 2, 3, 4]);
  });

  it('reads every process when the wall clock moved since the run started', () => {
    const since = { wallMs: 60_000, monoMs: 5 };
    // Set back an hour: /proc dates of the run's descendants may be before its start by the wall clock.
    expect(bornAfterMs(since, { wallMs: 60_000 - 3_600_000 + 10_000, monoMs: 10_005 })).toBeUndefined();
    expect(
      bornAfterMs(since, { wallMs: 60_000 + 10_000 + 2 * RUN_START_SLACK_MS, monoMs: 10_005 }),
    ).toBeUndefined();
    // Set back by less than the slack: the cut-off moves back by as much, below the second of slack.
    expect(bornAfterMs(since, { wallMs: 70_000 - 400, monoMs: 10_005 })).toBe(
      60_000 - RUN_START_SLACK_MS - 400,
    );
    // Slewed by less than the slack: still trusted, and a second of slack below the start.
    expect(bornAfterMs(since, { wallMs: 70_000, monoMs: 10_005 })).toBe(60_000 - RUN_START_SLACK_MS);
    expect(bornAfterMs(since, { wallMs: 60_000 + 10_000 + 300, monoMs: 10_005 })).toBe(59_000);
  });

  it('trusts the run start only when /proc dated the run’s own leader after it', () => {
    const start = { wallMs: Date.now() - 5_000, monoMs: performance.now() - 5_000 };
    expect(confirmedRunStart(7, start, () => start.wallMs + 10)).toBe(start);
    // Dated at boot or at 0 (a /proc that does not date entries when first looked up): never skip.
    expect(confirmedRunStart(7, start, () => 0)).toBeUndefined();
    expect(confirmedRunStart(7, start, () => start.wallMs - 3 * RUN_START_SLACK_MS)).toBeUndefined();
    // Dated in the future, gone, or no leader at all: never skip.
    expect(confirmedRunStart(7, start, () => Date.now() + 60_000)).toBeUndefined();
    expect(confirmedRunStart(7, start, () => undefined)).toBeUndefined();
    expect(confirmedRunStart(undefined, start, () => start.wallMs)).toBeUndefined();
  });

  it.runIf(canScanMarkers())(
    'confirms the start on this machine’s /proc with a process spawned after it',
    async () => {
      const start = { wallMs: Date.now(), monoMs: performance.now() };
      const child = spawn('sleep', ['30'], { stdio: 'ignore' });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        expect(confirmedRunStart(child.pid, start)).toBe(start);
      } finally {
        child.kill('SIGKILL');
        await exited;
      }
      expect(confirmedRunStart(child.pid, start)).toBeUndefined(); // gone: its entry with it
    },
  );

  it.runIf(canScanMarkers())(
    'skips a real process older than the run, and finds it again if the wall clock cannot be trusted',
    async () => {
      const value = `test-${process.pid}-${Date.now()}-old`;
      const child = spawn('sleep', ['30'], {
        env: { [RUN_ID_ENV]: value, PATH: process.env.PATH },
        stdio: 'ignore',
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        // Its /proc entry exists (and is dated) from this look-up on.
        const dated = statSync(`/proc/${child.pid}`).ctimeMs;
        const wall = Date.now();
        const mono = performance.now();
        const ahead = dated - wall + 5 * RUN_START_SLACK_MS; // a run starting well after the entry's date
        const later = { wallMs: wall + ahead, monoMs: mono + ahead };
        expect(await pidsWithMarker(value, RUN_ID_ENV, undefined, later)).toEqual([]);
        // The same start by the wall clock only (the clock was moved): nothing may be skipped.
        expect(
          await pidsWithMarker(value, RUN_ID_ENV, undefined, { wallMs: later.wallMs, monoMs: mono }),
        ).toEqual([child.pid]);
        const before = { wallMs: wall - 60_000, monoMs: mono - 60_000 };
        expect(await killMarked(value, before)).toBe(1);
        await exited;
      } finally {
        child.kill('SIGKILL');
      }
    },
  );

  it.runIf(canScanMarkers())(
    'finds a real process by its marker, even behind an environment larger than the read buffer',
    async () => {
      const value = `test-${process.pid}-${Date.now()}`;
      const child = spawn('sleep', ['30'], {
        env: {
          BIG1: 'x'.repeat(60_000),
          BIG2: 'y'.repeat(60_000),
          [RUN_ID_ENV]: value,
          PATH: process.env.PATH,
        },
        stdio: 'ignore',
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        expect(await pidsWithMarker(value)).toEqual([child.pid]);
        expect(await pidsWithMarker(`${value}-other`)).toEqual([]);
        expect(await killMarked(value)).toBe(1);
        await exited;
      } finally {
        child.kill('SIGKILL');
      }
    },
  );
});

describe('newRunId', () => {
  it('gives ids that are shell words, and a different one for each of many runs started at once', () => {
    const ids = Array.from({ length: 2000 }, () => newRunId());
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+-[a-z0-9]+-[0-9a-f]{8}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
