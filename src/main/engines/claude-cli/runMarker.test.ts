import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { canScanMarkers, environHas, killMarked, newRunId, pidsWithMarker, RUN_ID_ENV } from './runMarker';

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
