// A file written as its content comes: everything in order whatever the timing, readable while written, final by a
// rename, and a full disk reported (typed) at finish with nothing left behind. The full disk is injected into
// node:fs/promises (no test can fill a real one).
import type * as FsPromises from 'node:fs/promises';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rng } from '../../../test/support/rng';
import { ServiceError } from './errors';
import { SpoolFile, type SpoolOptions } from './spoolFile';

/** Paths whose writes fail with ENOSPC once this many bytes were written to them. */
const fullAfter = vi.hoisted(() => new Map<string, number>());
const writevCalls = vi.hoisted(() => ({ count: 0, sizes: [] as number[] }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>();
  return {
    ...real,
    open: vi.fn(async (path: string, flags?: string, mode?: number) => {
      const handle = await real.open(path, flags, mode);
      const writev = handle.writev.bind(handle);
      let room = fullAfter.get(String(path));
      handle.writev = (async (buffers: NodeJS.ArrayBufferView[]) => {
        writevCalls.count++;
        const size = buffers.reduce((n, b) => n + b.byteLength, 0);
        writevCalls.sizes.push(size);
        if (room !== undefined) {
          if (size > room) {
            await handle.write(Buffer.alloc(room, 0x78)); // part written, as a real full disk leaves it
            throw Object.assign(new Error(`ENOSPC: injected, write '${path}'`), { code: 'ENOSPC' });
          }
          room -= size;
        }
        return writev(buffers);
      }) as typeof handle.writev;
      return handle;
    }),
  };
});

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'puffin-spool-'));
  writevCalls.count = 0;
  writevCalls.sizes = [];
});
afterEach(async () => {
  fullAfter.clear();
  await rm(dir, { recursive: true, force: true });
});

const spool = (options: SpoolOptions = {}, name = 'raw.jsonl') =>
  new SpoolFile(join(dir, 'sub', name), join(dir, 'sub', `${name}.partial`), options);

describe('SpoolFile', () => {
  it('writes every piece in order, whatever comes while a write is in flight, and is final only when finished', async () => {
    const next = rng(7);
    const file = spool({ batchBytes: 2000 });
    const expected: string[] = [];
    for (let k = 0; k < 400; k++) {
      const line = `{"k":${k},"t":"é${'x'.repeat(Math.floor(next() * 50))}"}\n`;
      expected.push(line);
      file.write([k % 3 ? line : Buffer.from(line)]);
      // Now and then the event loop turns (a write completes) between two pieces, as with stdout's chunks.
      if (next() < 0.2) await new Promise((resolve) => setImmediate(resolve));
    }
    await file.written();
    expect(await readdir(join(dir, 'sub'))).toEqual(['raw.jsonl.partial']); // readable, not final yet
    expect(await readFile(file.partialPath, 'utf8')).toBe(expected.join(''));
    await file.finish(['last\n']);
    expect(await readFile(file.path, 'utf8')).toBe(expected.join('') + 'last\n');
    expect(await readdir(join(dir, 'sub'))).toEqual(['raw.jsonl']);
    // In batches: every write but the ones asked for (written(), finish()) held at least batchBytes.
    expect(writevCalls.count).toBeLessThan(20);
    expect(writevCalls.sizes.slice(0, -2).every((size) => size >= 2000)).toBe(true);
  });

  it('writes what waits below a batch once delayMs has passed since it came', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const file = spool({ batchBytes: 1000, delayMs: 500 });
      file.write(['small\n']);
      vi.advanceTimersByTime(499);
      expect(file.waiting).toBe(6);
      vi.advanceTimersByTime(1);
      expect(file.waiting).toBe(0); // on its way to the file
      await file.finish();
      expect(await readFile(file.path, 'utf8')).toBe('small\n');
      expect(writevCalls.sizes).toEqual([6]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('makes an empty file of a run that wrote nothing, replacing an older one', async () => {
    const file = spool();
    await file.finish();
    expect(await readFile(file.path, 'utf8')).toBe('');
    const again = spool();
    again.write(['a\n']);
    await again.finish();
    expect(await readFile(file.path, 'utf8')).toBe('a\n');
  });

  it('on a full disk stops writing, and finish says so (typed) and leaves neither file behind', async () => {
    const file = spool({ batchBytes: 10 });
    fullAfter.set(file.partialPath, 100);
    file.write(['x'.repeat(60) + '\n']);
    await file.written();
    file.write(['y'.repeat(60) + '\n']); // this one does not fit
    await file.written();
    file.write(['z\n']); // dropped: the writing stopped at the failure
    const failure = await file.finish().then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(ServiceError);
    expect(failure).toMatchObject({ code: 'disk_full', details: { path: file.path, errno: 'ENOSPC' } });
    expect(await readdir(join(dir, 'sub'))).toEqual([]);
  });

  it('discard drops what was written', async () => {
    const file = spool();
    file.write(['a\n']);
    await file.written();
    await file.discard();
    expect(await readdir(join(dir, 'sub'))).toEqual([]);
    file.write(['b\n']); // after discard: ignored
    await file.written();
    expect(await readdir(join(dir, 'sub'))).toEqual([]);
  });
});
