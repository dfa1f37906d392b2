import { describe, expect, it } from 'vitest';
import { estimateTokens, formatSize, renderRepoMap, type MapFile } from './renderMap';

const files: MapFile[] = [
  { rel: 'src/store/records.ts', size: 2100, exports: ['fn save', 'fn load', 'interface Record'] },
  { rel: 'README.md', size: 812 },
  { rel: 'src/index.ts', size: 300, exports: ['* from ./store/records'] },
  { rel: 'package.json', size: 640 },
];
const manifests = [{ rel: 'package.json', summary: 'app@1.0.0; scripts: test' }];

describe('renderRepoMap', () => {
  it('lists folders, files with sizes and exports, and manifests, sorted', () => {
    const map = renderRepoMap(files, manifests, 10_000);
    expect(map.detail).toBe('full');
    expect(map.text).toBe(
      [
        'Project map: 4 files, 3.8K',
        '(size after each name; TS/JS exports after the colon)',
        'Manifests:',
        '  package.json: app@1.0.0; scripts: test',
        'Files:',
        './',
        '  README.md 812B',
        '  package.json 640B',
        'src/',
        '  index.ts 300B: * from ./store/records',
        'src/store/',
        '  records.ts 2.1K: fn save, fn load, interface Record',
        '',
      ].join('\n'),
    );
    expect(map.tokens).toBe(estimateTokens(map.text));
  });

  it('is the same text whatever order the files come in', () => {
    expect(renderRepoMap([...files].reverse(), manifests, 10_000).text).toBe(
      renderRepoMap(files, manifests, 10_000).text,
    );
  });

  function bigProject(): MapFile[] {
    const out: MapFile[] = [];
    for (let d = 0; d < 10; d++) {
      for (let i = 0; i < 30; i++) {
        const exports = Array.from({ length: 12 }, (_, k) => `fn helper${d}_${i}_${k}`);
        out.push({ rel: `src/area${d}/deep/file${i}.ts`, size: 1000 + i, exports });
      }
    }
    return out;
  }

  it('drops detail step by step to stay under the budget', () => {
    const big = bigProject();
    const full = renderRepoMap(big, [], 1_000_000);
    expect(full.detail).toBe('full');
    const capped = renderRepoMap(big, [], Math.ceil(full.tokens * 0.8));
    expect(capped.detail).toBe('capped-exports');
    expect(capped.text).toContain('fn helper0_0_7, +4');
    const bare = renderRepoMap(big, [], 4_500);
    expect(bare.detail).toBe('no-exports');
    expect(bare.text).not.toContain('helper');
    for (const m of [capped, bare])
      expect(m.tokens).toBeLessThanOrEqual(m === capped ? Math.ceil(full.tokens * 0.8) : 4_500);
  });

  it('folds the deepest folders first, then cuts, never above the budget', () => {
    const big = bigProject();
    const folded = renderRepoMap(big, [], 600);
    expect(folded.detail).toBe('folded');
    expect(folded.tokens).toBeLessThanOrEqual(600);
    // Same depth: the folders fold in path order, and folding stops as soon as the map fits.
    expect(folded.text).toContain('src/area0/deep/ (30 files, 29.7K)\nsrc/area1/deep/ (30 files, 29.7K)');
    expect(folded.text).toContain('src/area9/deep/\n  file0.ts 1000B\n');
    expect(folded.foldedFolders).toBeGreaterThan(0);
    expect(folded.foldedFolders).toBeLessThan(10);
    const cut = renderRepoMap(big, [], 25);
    expect(cut.detail).toBe('cut');
    expect(cut.tokens).toBeLessThanOrEqual(25);
    expect(cut.text.startsWith('Project map: 300 files')).toBe(true);
    expect(cut.text.endsWith('… (map cut at the token budget)\n')).toBe(true);
  });
});

describe('formatSize', () => {
  it('uses bytes, K and M', () => {
    expect([
      formatSize(0),
      formatSize(1023),
      formatSize(1024),
      formatSize(1536),
      formatSize(5 * 1024 * 1024),
    ]).toEqual(['0B', '1023B', '1K', '1.5K', '5M']);
  });
});
