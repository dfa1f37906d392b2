import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildGroundingPolicy } from '../policy';
import { RepoMapBuilder } from './repoMap';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function project(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'puffin-map-'));
  dirs.push(root);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

describe('RepoMapBuilder', () => {
  it('maps files, manifests and exports, leaving out dependencies, git data, secrets and ignored files', async () => {
    const files = {
      'package.json': '{"name":"app","scripts":{"test":"vitest"}}',
      'src/store.ts': 'export function save() {}\nexport const LIMIT = 3;\n',
      'src/ui/App.tsx': 'export default function App() { return null; }\n',
    };
    const root = project({
      ...files,
      'node_modules/x/index.js': 'module.exports = {};',
      '.git/config': '[core]',
      '.env': 'KEY=1',
      'dist/bundle.js': 'x',
    });
    const size = (rel: keyof typeof files): number => Buffer.byteLength(files[rel]);
    const policy = buildGroundingPolicy({ ignored: ['dist/'] });
    const map = await new RepoMapBuilder(root).build({ policy });
    expect(map.text).toBe(
      [
        `Project map: 3 files, ${size('package.json') + size('src/store.ts') + size('src/ui/App.tsx')}B`,
        '(size after each name; TS/JS exports after the colon)',
        'Manifests:',
        '  package.json: app; scripts: test',
        'Files:',
        './',
        `  package.json ${size('package.json')}B`,
        'src/',
        `  store.ts ${size('src/store.ts')}B: function save, const LIMIT`,
        'src/ui/',
        `  App.tsx ${size('src/ui/App.tsx')}B: default function App`,
        '',
      ].join('\n'),
    );
    expect(map.files).toBe(3);
    expect(map.parsed).toBe(3);
  });

  it('rebuilds only what changed: nothing when nothing did, one file after one edit, and forgets deleted files', async () => {
    const root = project({ 'a.ts': 'export const a = 1;', 'b.ts': 'export const b = 1;', 'c.md': '# c' });
    const builder = new RepoMapBuilder(root);
    expect((await builder.build()).parsed).toBe(3);
    const again = await builder.build();
    expect(again.parsed).toBe(0);

    writeFileSync(path.join(root, 'b.ts'), 'export function b2() {}');
    const later = new Date(Date.now() + 5000);
    utimesSync(path.join(root, 'b.ts'), later, later);
    const changed = await builder.build();
    expect(changed.parsed).toBe(1);
    expect(changed.text).toContain(`b.ts ${'export function b2() {}'.length}B: function b2`);
    expect(changed.text).toContain(`a.ts ${'export const a = 1;'.length}B: const a`);

    rmSync(path.join(root, 'a.ts'));
    const removed = await builder.build();
    expect(removed.parsed).toBe(0);
    expect(removed.text).not.toContain('a.ts');
    expect(removed.files).toBe(2);
  });

  it('does not follow symbolic links and renders the budget it is given', async () => {
    const root = project({ 'src/a.ts': 'export const a = 1;' });
    const outside = project({ 'secret.ts': 'export const s = 1;' });
    symlinkSync(outside, path.join(root, 'linked'));
    symlinkSync(path.join(outside, 'secret.ts'), path.join(root, 'src', 'link.ts'));
    const builder = new RepoMapBuilder(root);
    const map = await builder.build();
    expect(map.text).not.toContain('secret');
    expect(map.text).not.toContain('link');
    expect((await builder.build({ budgetTokens: 10 })).detail).toBe('cut');
  });

  it('reads at most its byte budget of sources in one build; the rest are mapped by name and size', async () => {
    const files = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [
        `src/m${String(i).padStart(2, '0')}.ts`,
        `export const v${i} = ${i};\n`,
      ]),
    );
    const unbounded = await new RepoMapBuilder(project(files)).build({ budgetTokens: 100_000 });
    expect(unbounded.text).toContain('v19');
    // One batch of files is read before the budget is looked at again.
    const bounded = await new RepoMapBuilder(project(files), 10).build({ budgetTokens: 100_000 });
    expect(bounded.text).toContain('v0');
    expect(bounded.text).toContain('m19.ts');
    expect(bounded.text).not.toContain('v19');
  });
});
