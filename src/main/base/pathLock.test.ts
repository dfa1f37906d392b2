// Read-modify-writes of one file from several processes lose nothing: the path lock holds across processes, and a
// lock whose holder died is taken over.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serializeOnPath, writeFileAtomicNow } from './atomicFile';
import { breakIfStale, lockPathOf } from './pathLock';

const WRITER = path.resolve(import.meta.dirname, '../../../test/support/counterWriter.ts');
let dir = '';
afterEach(() => rm(dir, { recursive: true, force: true }));

function writer(file: string, rounds: number): Promise<number | null> {
  const child = spawn(process.execPath, ['--import', 'tsx', WRITER, file, String(rounds)], {
    stdio: 'inherit',
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe('the path lock', () => {
  it('keeps every update of three processes writing one file at once', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'puffin-lock-'));
    const file = path.join(dir, 'count.json');
    expect(await Promise.all([writer(file, 60), writer(file, 60), writer(file, 60)])).toEqual([0, 0, 0]);
    expect(await readFile(file, 'utf8')).toBe('180');
    await expect(readFile(lockPathOf(file))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('takes over the lock of a writer that died holding it', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'puffin-lock-'));
    const file = path.join(dir, 'count.json');
    // A pid no process has (above the kernel's pid_max).
    await writeFile(lockPathOf(file), `${2 ** 22 + 7} ${Date.now()} x`);
    await serializeOnPath(file, () => writeFileAtomicNow(file, '1'));
    expect(await readFile(file, 'utf8')).toBe('1');
  });

  it('never breaks a lock its holder has created but not written yet, nor one a live holder wrote', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'puffin-lock-'));
    const lock = lockPathOf(path.join(dir, 'count.json'));
    await writeFile(lock, '');
    expect(await breakIfStale(lock)).toBe(false);
    await writeFile(lock, `${process.pid} ${Date.now()} x`);
    expect(await breakIfStale(lock)).toBe(false);
    expect(await readFile(lock, 'utf8')).toContain(String(process.pid));
    await writeFile(lock, `${2 ** 22 + 7} ${Date.now()} x`);
    expect(await breakIfStale(lock)).toBe(true);
    await expect(readFile(lock)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
