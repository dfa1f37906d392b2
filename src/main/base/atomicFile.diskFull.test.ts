// A write that fails half-way (the disk fills up after half the bytes) leaves the file's old content intact: the
// promise of an atomic write, and of the disk_full message ("nothing was changed"). The file system is the real
// one, except that, once armed for some paths, every write path of node:fs/promises (a handle's writeFile/write,
// the module's writeFile/appendFile) to them puts down the first half of its bytes and then fails with ENOSPC, as a
// full disk does.
import { mkdtemp, readdir, readFile, rm, type FileHandle } from 'node:fs/promises';
import type * as Fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StoriesRepo } from '../store/storiesRepo';
import { writeFileAtomic } from './atomicFile';

const disk = vi.hoisted(() => ({ fullFor: null as RegExp | null, halfWrites: 0 }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof Fs>();
  const enospc = () =>
    Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC',
      errno: -28,
      syscall: 'write',
    });
  const bytesOf = (data: unknown): Buffer =>
    typeof data === 'string' ? Buffer.from(data) : Buffer.from(data as Uint8Array);
  /** Puts down the first half of `data` through `handle`, then fails as a full disk does. */
  const halfThenFull = async (handle: FileHandle, data: unknown) => {
    const bytes = bytesOf(data);
    await handle.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
    disk.halfWrites += 1;
    throw enospc();
  };
  const full = (path: unknown) => disk.fullFor?.test(String(path)) ?? false;
  const open: typeof real.open = async (...args) => {
    const handle = await real.open(...args);
    const fills = full(args[0]);
    return new Proxy(handle, {
      get(target, prop, receiver) {
        if (fills && (prop === 'writeFile' || prop === 'write' || prop === 'appendFile'))
          return (data: unknown) => halfThenFull(target, data);
        const value: unknown = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  };
  const viaHandle =
    (flags: string) =>
    async (path: Parameters<typeof real.writeFile>[0], data: unknown, ...rest: unknown[]) => {
      if (!full(path)) return (real.writeFile as (...a: unknown[]) => Promise<void>)(path, data, ...rest);
      const handle = await real.open(path as string, flags);
      try {
        await halfThenFull(handle, data);
      } finally {
        await handle.close();
      }
    };
  const mocked = { ...real, open, writeFile: viaHandle('w'), appendFile: viaHandle('a') };
  return { ...mocked, default: mocked };
});

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'puffin-disk-full-'));
  disk.fullFor = null;
  disk.halfWrites = 0;
});
afterEach(async () => {
  disk.fullFor = null;
  await rm(dir, { recursive: true, force: true });
});

describe('a write that fails half-way', () => {
  it('leaves the old content of the file intact, no temp file, and says disk_full', async () => {
    const file = join(dir, 'settings.json');
    const old = JSON.stringify({ version: 1, fill: 'o'.repeat(4000) });
    await writeFileAtomic(file, old);
    disk.fullFor = /settings\.json/;
    const failed = writeFileAtomic(file, JSON.stringify({ version: 2, fill: 'n'.repeat(8000) }));
    await expect(failed).rejects.toMatchObject({ code: 'disk_full' });
    // The failure did happen half-way through a write (the injection was reached).
    expect(disk.halfWrites).toBe(1);
    disk.fullFor = null;
    expect(await readFile(file, 'utf8')).toBe(old);
    expect(await readdir(dir)).toEqual(['settings.json']);
  });

  it('leaves a story record as it was when saving its change fills the disk', async () => {
    const repo = new StoriesRepo(dir);
    const [story] = await repo.accept([
      { title: 'Upload', description: 'As a user, I want to upload', acceptanceCriteria: ['ok'] },
    ]);
    const path = join(dir, 'stories', `${story!.id}.json`);
    const before = await readFile(path, 'utf8');
    // The disk fills at the record's own write (its lock, taken first, still fits).
    disk.fullFor = /\.json(\.p\d+\.[0-9a-f]+\.tmp)?$/;
    await expect(repo.update(story!.id, { title: 'Upload, renamed', status: 'done' })).rejects.toMatchObject({
      code: 'disk_full',
    });
    expect(disk.halfWrites).toBe(1);
    disk.fullFor = null;
    expect(await readFile(path, 'utf8')).toBe(before);
    expect((await new StoriesRepo(dir).list()).map((s) => [s.title, s.status])).toEqual([
      ['Upload', 'pending'],
    ]);
    expect(await readdir(join(dir, 'stories'))).toEqual([`${story!.id}.json`]);
  });

  it("says disk_full when even the record's lock does not fit, and leaves nothing beside the record", async () => {
    const repo = new StoriesRepo(dir);
    const [story] = await repo.accept([
      { title: 'Share', description: 'As a user, I want to share', acceptanceCriteria: ['ok'] },
    ]);
    disk.fullFor = /./;
    await expect(repo.update(story!.id, { status: 'done' })).rejects.toMatchObject({ code: 'disk_full' });
    disk.fullFor = null;
    expect(await readdir(join(dir, 'stories'))).toEqual([`${story!.id}.json`]);
    expect((await repo.list()).map((s) => s.status)).toEqual(['pending']);
  });
});
