import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJsonOrQuarantine, writeFileAtomic } from './atomicFile';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'puffin-atomic-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeFileAtomic', () => {
  it('writes a file that reads back identically, creating missing folders', async () => {
    const file = join(dir, 'a', 'b', 'data.json');
    await writeFileAtomic(file, '{"x":1}\n');
    expect(await readFile(file, 'utf8')).toBe('{"x":1}\n');
    await writeFileAtomic(file, new Uint8Array([0x68, 0x69]));
    expect(await readFile(file, 'utf8')).toBe('hi');
    expect(await readdir(dirname(file))).toEqual(['data.json']);
  });

  it('leaves exactly one intact JSON document after 50 concurrent writes, and no temp files', async () => {
    const file = join(dir, 'settings.json');
    // Payloads of different sizes: a torn or interleaved write would not parse or would mix two of them.
    const payloads = Array.from({ length: 50 }, (_, i) =>
      JSON.stringify({ writer: i, fill: 'x'.repeat(1000 * ((i % 7) + 1)) }),
    );
    await Promise.all(payloads.map((p) => writeFileAtomic(file, p)));
    const text = await readFile(file, 'utf8');
    expect(payloads).toContain(text);
    const parsed = JSON.parse(text) as { writer: number };
    // Writes to one path are serialised in call order, so the last call wins.
    expect(parsed.writer).toBe(49);
    expect(await readdir(dir)).toEqual(['settings.json']);
  });

  it('removes its temp file when the rename fails, and the next write of that path still runs', async () => {
    // Renaming a file over a non-empty directory fails; the temp file must not stay behind.
    const target = join(dir, 'target');
    await writeFileAtomic(join(target, 'inner.txt'), 'x');
    const failed = writeFileAtomic(target, 'first');
    const queued = failed.catch(() => undefined).then(() => rm(target, { recursive: true }));
    await expect(failed).rejects.toThrow();
    expect((await readdir(dir)).sort()).toEqual(['target']);
    await queued;
    await writeFileAtomic(target, 'second');
    expect(await readFile(target, 'utf8')).toBe('second');
    expect(await readdir(dir)).toEqual(['target']);
  });
});

describe('readJsonOrQuarantine', () => {
  it('reads valid JSON', async () => {
    const file = join(dir, 'ok.json');
    await writeFileAtomic(file, JSON.stringify({ a: [1, 2] }));
    expect(await readJsonOrQuarantine(file)).toEqual({ kind: 'ok', value: { a: [1, 2] } });
  });

  it('reports a missing file as missing and creates nothing', async () => {
    expect(await readJsonOrQuarantine(join(dir, 'none.json'))).toEqual({ kind: 'missing' });
    expect(await readdir(dir)).toEqual([]);
  });

  it('renames a corrupt file aside with its bytes intact and reports where it went', async () => {
    const file = join(dir, 'settings.json');
    const bytes = Buffer.from('{"claudePath": "/usr/bin/cla\xff\x00', 'latin1');
    await writeFile(file, bytes);
    const result = await readJsonOrQuarantine(file);
    expect(result.kind).toBe('corrupt');
    if (result.kind !== 'corrupt') return;
    expect(result.reason).toMatch(/not valid JSON/);
    expect(dirname(result.keptAs)).toBe(dir);
    expect(basename(result.keptAs)).toMatch(/^settings\.json\.corrupt-[0-9T-]+Z$/);
    expect(Buffer.compare(await readFile(result.keptAs), bytes)).toBe(0);
    expect(await readdir(dir)).toEqual([basename(result.keptAs)]);
    // The original name is free again: the next read says missing, a write does not touch the copy.
    expect(await readJsonOrQuarantine(file)).toEqual({ kind: 'missing' });
    await writeFileAtomic(file, '{}');
    expect(Buffer.compare(await readFile(result.keptAs), bytes)).toBe(0);
  });

  it('treats a file that fails `check` as corrupt and passes the reason on', async () => {
    const file = join(dir, 'store.json');
    await writeFile(file, '[1,2,3]');
    const seen: unknown[] = [];
    const result = await readJsonOrQuarantine(file, (v) => {
      seen.push(v);
      return Array.isArray(v) ? 'must be an object' : null;
    });
    expect(seen).toEqual([[1, 2, 3]]);
    expect(result).toMatchObject({ kind: 'corrupt', reason: 'must be an object' });
    if (result.kind !== 'corrupt') return;
    expect(await readFile(result.keptAs, 'utf8')).toBe('[1,2,3]');
  });

  it('treats a `check` that throws as corrupt rather than failing', async () => {
    const file = join(dir, 'x.json');
    await writeFile(file, '{}');
    const result = await readJsonOrQuarantine(file, () => {
      throw new Error('checker broke');
    });
    expect(result.kind).toBe('corrupt');
  });

  it('passes a valid value through `check` untouched', async () => {
    const file = join(dir, 'x.json');
    await writeFile(file, '{"version":1}');
    expect(await readJsonOrQuarantine(file, () => null)).toEqual({ kind: 'ok', value: { version: 1 } });
    expect(await readdir(dir)).toEqual(['x.json']);
  });

  it('rethrows read errors other than a missing file', async () => {
    // Reading a directory fails with EISDIR: not "missing", and nothing may be renamed.
    const sub = join(dir, 'sub.json');
    await writeFileAtomic(join(sub, 'inner'), 'x');
    await expect(readJsonOrQuarantine(sub)).rejects.toMatchObject({ code: 'EISDIR' });
    expect(await readdir(dir)).toEqual(['sub.json']);
  });
});
