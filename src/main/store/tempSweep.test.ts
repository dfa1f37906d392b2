import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STALE_TEMP_MS, sweepStaleTemps, sweepTemps } from './tempSweep';

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

  it('removes at once a temp file whose writer is dead; a live writer keeps its own for a minute', async () => {
    const now = Date.now();
    const alive = (pid: number) => pid === 111;
    await file('stories/.s1.json.p222.0123456789ab.tmp', 0, now); // its writer was killed a moment ago
    await file('stories/.s2.json.p111.0123456789ab.tmp', 0, now); // being written now
    await file('stories/.s3.json.p111.abcdefabcdef.tmp', STALE_TEMP_MS + 1, now); // a reused pid's leftover
    await file('0123456789abcdef.js.222.tmp', 0, now); // a stored validator cut short
    await file('0123456789abcdef.js.111.tmp', 0, now);

    const removed = await sweepTemps(dir, { recursive: true, now, alive });

    expect(removed.sort()).toEqual([
      '0123456789abcdef.js.222.tmp',
      'stories/.s1.json.p222.0123456789ab.tmp',
      'stories/.s3.json.p111.abcdefabcdef.tmp',
    ]);
  });

  it('in a folder of the user project, only temp files that name their writer; not its subfolders', async () => {
    const now = Date.now();
    await file('.export.md.p222.0123456789ab.tmp', STALE_TEMP_MS * 2, now);
    await file('.notes.md.0123456789ab.tmp', STALE_TEMP_MS * 2, now);
    await file('sub/.x.md.p222.0123456789ab.tmp', STALE_TEMP_MS * 2, now);
    const removed = await sweepTemps(dir, { namedOnly: true, now, alive: () => false });
    expect(removed).toEqual(['.export.md.p222.0123456789ab.tmp']);
  });

  it('finds nothing in a store that does not exist', async () => {
    expect(await sweepStaleTemps(join(dir, 'missing'))).toEqual([]);
  });
});
