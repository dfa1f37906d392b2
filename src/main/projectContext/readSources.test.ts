import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readContextSources } from './readSources';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('readContextSources', () => {
  it('reads the files that exist (a lower-case readme too) and leaves the others out', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'puffin-sources-'));
    dirs.push(root);
    writeFileSync(path.join(root, 'readme.md'), '# App\n\nIt tracks habits.');
    writeFileSync(path.join(root, 'CLAUDE.md'), 'Use pnpm.');
    expect(await readContextSources(root)).toEqual({
      readme: '# App\n\nIt tracks habits.',
      claudeMd: 'Use pnpm.',
    });
  });

  it('reads a huge file only so far', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'puffin-sources-'));
    dirs.push(root);
    writeFileSync(path.join(root, 'AGENTS.md'), 'x'.repeat(600 * 1024));
    expect((await readContextSources(root)).agentsMd?.length).toBe(256 * 1024);
  });
});
