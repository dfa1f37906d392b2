import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryLogger } from '../../../../test/support/memoryLogger';
import { createGroundingProvider } from './callGrounding';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('createGroundingProvider', () => {
  it('gives the project, the allowed paths and a prompt section ending with the map (no secrets in it)', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'puffin-call-grounding-'));
    dirs.push(root);
    writeFileSync(path.join(root, 'index.ts'), 'export const run = () => 1;');
    writeFileSync(path.join(root, '.env'), 'KEY=1');
    const { logger } = memoryLogger();
    const provide = createGroundingProvider({ logger });
    const g = await provide(root, { allowSensitive: ['.env.example'] });
    expect(g.root).toBe(root);
    expect(g.allow).toEqual(['.env.example']);
    expect(g.promptSection).toMatch(/^## The project is open for reading/);
    expect(g.promptSection).toContain('## Project map\nProject map: 1 files');
    expect(g.promptSection).toContain('index.ts 27B: function run');
    expect(g.promptSection.split('## Project map')[1]).not.toContain('.env');
  });

  it('leaves the map out for a folder with nothing to map', async () => {
    const { logger } = memoryLogger();
    const g = await createGroundingProvider({ logger })(
      path.join(tmpdir(), 'puffin-no-such-project-xyz'),
      {},
    );
    expect(g.promptSection).toMatch(/^## The project is open for reading/);
    expect(g.promptSection).not.toContain('## Project map');
    expect(g).not.toHaveProperty('allow');
  });
});
