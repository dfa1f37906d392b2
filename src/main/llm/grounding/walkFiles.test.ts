import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
});
