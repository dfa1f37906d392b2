import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LogFile, logFilePath } from './logFile';
import { LogBus } from './logger';

let dir: string;
beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'puffin-logfile-'))));
afterEach(() => rm(dir, { recursive: true, force: true }));

const lines = async (file: string) =>
  (await readFile(file, 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { level: string; message: string });

describe('LogFile', () => {
  it('keeps the warnings and errors of the bus, one JSON line each, and survives a restart', async () => {
    const path = logFilePath(dir);
    const bus = new LogBus();
    const file = new LogFile(path);
    file.attach(bus);
    const log = bus.logger('test');
    log.info('not kept');
    log.warn('a warning', { code: 'rate_limited' });
    log.error('an error');
    await file.flush();
    const again = new LogFile(path);
    await again.write({
      seq: 1,
      time: new Date().toISOString(),
      level: 'error',
      scope: 'x',
      message: 'after restart',
    });
    expect((await lines(path)).map((l) => [l.level, l.message])).toEqual([
      ['warn', 'a warning'],
      ['error', 'an error'],
      ['error', 'after restart'],
    ]);
  });

  it('rotates at its size limit and keeps a bounded number of files', async () => {
    const path = logFilePath(dir);
    const file = new LogFile(path, { maxBytes: 400, keep: 2 });
    for (let i = 0; i < 40; i++)
      void file.write({
        seq: i,
        time: 't',
        level: 'warn',
        scope: 's',
        message: `line ${i} ${'x'.repeat(60)}`,
      });
    await file.flush();
    expect((await readdir(join(dir, 'logs'))).sort()).toEqual(['puffin.1.log', 'puffin.2.log', 'puffin.log']);
    const newest = await lines(path);
    expect(newest.at(-1)?.message).toMatch(/^line 39 /);
    const older = await lines(join(dir, 'logs', 'puffin.1.log'));
    expect(Number(/line (\d+)/.exec(older.at(-1)!.message)![1])).toBe(
      Number(/line (\d+)/.exec(newest[0]!.message)![1]) - 1,
    );
  });

  it('reports a disk failure once and never throws into the logger', async () => {
    const blocked = join(dir, 'logs');
    await writeFile(blocked, 'a file where the folder should be');
    const failures: unknown[] = [];
    const bus = new LogBus();
    const file = new LogFile(logFilePath(dir), {}, (e) => failures.push(e));
    file.attach(bus);
    bus.logger('t').error('one');
    bus.logger('t').error('two');
    await file.flush();
    expect(failures).toHaveLength(1);
  });
});

describe('the composition root', () => {
  it('keeps warnings in the log file it names in app:info, and log:openFile answers its path', async () => {
    const { createRoot } = await import('../app/core');
    const root = await createRoot({ userDataDir: dir, platform: { face: 'browser' } });
    try {
      const info = await root.dispatch('app:info', {}, { face: 'test' });
      expect(info).toMatchObject({ ok: true, value: { logFile: logFilePath(dir) } });
      root.services.logBus.logger('test').warn('kept across restarts');
      await vi.waitFor(async () =>
        expect(await readFile(logFilePath(dir), 'utf8')).toContain('kept across restarts'),
      );
      expect(await root.dispatch('log:openFile', {}, { face: 'test' })).toEqual({
        ok: true,
        value: { opened: false, path: logFilePath(dir) },
      });
    } finally {
      await root.dispose();
    }
  });
});
