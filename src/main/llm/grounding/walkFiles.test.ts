import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { walkFiles, WALK_BOUNDS } from './walkFiles';

const root = mkdtempSync(path.join(tmpdir(), 'puffin-walk-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
for (let d = 0; d < 20; d++) {
  mkdirSync(path.join(root, `dir${d}`));
  for (let f = 0; f < 5; f++) writeFileSync(path.join(root, `dir${d}`, `f${f}.ts`), 'export const x = 1;\n');
}
mkdirSync(path.join(root, 'node_modules', 'dep'), { recursive: true });
writeFileSync(path.join(root, 'node_modules', 'dep', 'index.js'), '');

describe('walkFiles', () => {
  it('lists every file but dependencies, sorted, and says it saw them all', async () => {
    const { files, cut } = await walkFiles(root);
    expect(cut).toBeNull();
    expect(files).toHaveLength(100);
    expect(files.map((f) => f.rel)).toEqual([...files.map((f) => f.rel)].sort());
    expect(files.some((f) => f.rel.startsWith('node_modules'))).toBe(false);
  });

  it('stops at its file bound and says so', async () => {
    const { files, cut } = await walkFiles(root, undefined, { ...WALK_BOUNDS, maxFiles: 12 });
    expect(cut).toBe('files');
    expect(files).toHaveLength(12);
  });

  it('stops at its time bound and says so', async () => {
    const { cut } = await walkFiles(root, undefined, { ...WALK_BOUNDS, maxMs: 0 });
    expect(cut).toBe('time');
  });

  it('lists the same files, sizes and times whether it asks in this thread or asynchronously', async () => {
    const inThread = await walkFiles(root);
    const later = await walkFiles(root, undefined, { ...WALK_BOUNDS, inThreadStatMs: 0 });
    expect(inThread.files).toHaveLength(100);
    expect(later).toEqual(inThread);
  });

  it.each([
    ['in this thread', WALK_BOUNDS],
    ['asynchronously', { ...WALK_BOUNDS, inThreadStatMs: 0 }],
  ])('sees a file edited in place, one added and one deleted at the next walk (%s)', async (_, bounds) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'puffin-walk-edit-'));
    try {
      mkdirSync(path.join(dir, 'src'));
      writeFileSync(path.join(dir, 'src', 'a.ts'), 'export const a = 1;\n');
      writeFileSync(path.join(dir, 'src', 'gone.ts'), '');
      const before = await walkFiles(dir, undefined, bounds);
      const a = before.files.find((f) => f.rel === 'src/a.ts')!;
      expect(a.size).toBe(20);

      writeFileSync(path.join(dir, 'src', 'a.ts'), 'export const a = 12;\n');
      const edited = new Date(Math.round(a.mtimeMs / 1000) * 1000 + 5000);
      utimesSync(path.join(dir, 'src', 'a.ts'), edited, edited);
      writeFileSync(path.join(dir, 'src', 'new.ts'), 'x');
      rmSync(path.join(dir, 'src', 'gone.ts'));
      const after = await walkFiles(dir, undefined, bounds);
      expect(after.files.map((f) => f.rel)).toEqual(['src/a.ts', 'src/new.ts']);
      expect(after.files[0]).toEqual({ rel: 'src/a.ts', size: 21, mtimeMs: edited.getTime() });
      expect(after.files[1]!.size).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
