// kill -9 into store writes, a few times in `npm test` (`npm run chaos` kills 300 times): every file of the store
// parses after each kill, every acknowledged record is there, and nothing is left once the next open sweeps.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { killLoop } from './support/killLoop';
import { chaosSeed } from './support/seeded';

const KILLS = 8;
const dir = await mkdtemp(join(tmpdir(), 'puffin-kills-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('kill -9 into store writes', () => {
  it('loses no acknowledged record and leaves every file readable', async () => {
    const projectDir = join(dir, 'project');
    mkdirSync(projectDir);
    const seed = chaosSeed(12);
    const f = await killLoop({ projectDir, kills: KILLS, seed });
    expect(f.problems, `seed ${seed}`).toEqual([]);
    expect({ kills: f.kills, held: f.held, lost: f.lost, orphans: f.orphans }).toEqual({
      kills: KILLS,
      held: KILLS,
      lost: 0,
      orphans: 0,
    });
    expect(f.acknowledged).toBeGreaterThan(0);
  }, 300_000);
});
