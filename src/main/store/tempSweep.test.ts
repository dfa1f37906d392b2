import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STALE_TEMP_MS, sweepStaleTemps } from './tempSweep';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'puffin-sweep-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function file(rel: string, ageMs: number, now: number): Promise<void> {
  const path = join(dir, rel);
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, '{"partial');
  const t = new Date(now - ageMs);
  await utimes(path, t, t);
}

describe('sweepStaleTemps', () => {
  it('removes temp files older than a minute anywhere in the store and keeps recent ones and records', async () => {
    const now = Date.now();
    await file('stories/.s1.json.0123456789ab.tmp', STALE_TEMP_MS + 1000, now);
    await file('ris/sp-1/.st.json.abcdefabcdef.tmp', 3_600_000, now);
    await file('.project.json.aaaaaaaaaaaa.tmp', STALE_TEMP_MS * 2, now);
    await file('stories/.s2.json.ba9876543210.tmp', 5_000, now); // a write in progress, maybe another Puffin's
    await file('stories/s1.json', 3_600_000, now);
    await file('stories/notes.tmp', 3_600_000, now); // not a name Puffin writes: not Puffin's to remove

    const removed = await sweepStaleTemps(dir, now);

    expect(removed.sort()).toEqual([
      '.project.json.aaaaaaaaaaaa.tmp',
      'ris/sp-1/.st.json.abcdefabcdef.tmp',
      'stories/.s1.json.0123456789ab.tmp',
    ]);
    expect((await readdir(join(dir, 'stories'))).sort()).toEqual([
      '.s2.json.ba9876543210.tmp',
      'notes.tmp',
      's1.json',
    ]);
    expect(await readdir(join(dir, 'ris', 'sp-1'))).toEqual([]);
  });

  it('finds nothing in a store that does not exist', async () => {
    expect(await sweepStaleTemps(join(dir, 'missing'))).toEqual([]);
  });
});
