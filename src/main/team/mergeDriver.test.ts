// The driver's file handling: the merge is written into the current file, conflicts go to .puffin/conflicts/, and an
// input that does not parse (or a merge its folder's schema refuses) leaves the current file byte for byte.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mergeRecordFiles } from './mergeDriver';

let dir: string;
const story = {
  id: 's1',
  title: 'Search',
  description: 'Find',
  acceptanceCriteria: ['works'],
  status: 'pending',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const files = { ancestor: 'O', current: 'A', other: 'B' } as const;
const at = (name: string) => path.join(dir, name);

async function versions(o: string, a: string, b: string) {
  await writeFile(at('O'), o);
  await writeFile(at('A'), a);
  await writeFile(at('B'), b);
  return {
    ancestor: at(files.ancestor),
    current: at(files.current),
    other: at(files.other),
    path: path.join(dir, '.puffin', 'stories', 's1.json'),
  };
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'puffin-merge-driver-'));
  await mkdir(path.join(dir, '.puffin', 'stories'), { recursive: true });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('mergeRecordFiles', () => {
  it('writes the merge into the current file and records a conflicting field beside the store', async () => {
    const j = (v: object) => JSON.stringify(v);
    const r = await mergeRecordFiles(
      await versions(
        j(story),
        j({ ...story, title: 'Mine', status: 'done' }),
        j({ ...story, title: 'Theirs', description: 'More' }),
      ),
      dir,
    );
    expect(r).toMatchObject({
      written: true,
      refused: null,
      conflictsFile: '.puffin/conflicts/stories__s1.json',
    });
    expect(JSON.parse(await readFile(at('A'), 'utf8'))).toEqual({
      ...story,
      title: 'Mine',
      status: 'done',
      description: 'More',
    });
    const recorded = JSON.parse(await readFile(path.join(dir, r.conflictsFile!), 'utf8')) as {
      revisions: unknown[];
    };
    expect(recorded.revisions).toEqual([
      expect.objectContaining({
        conflicting: true,
        fields: [{ field: 'title', ancestor: 'Search', current: 'Mine', other: 'Theirs' }],
      }),
    ]);
  });

  it.each([
    ['the current version', '{"id": "s1", "title": ', 'ok', 'current'],
    ['the other version', 'ok', '<<<<<<< not json', 'other'],
  ])('never overwrites when %s does not parse', async (_what, a, b) => {
    const good = JSON.stringify(story);
    const aText = a === 'ok' ? good : a;
    const r = await mergeRecordFiles(await versions(good, aText, b === 'ok' ? good : b), dir);
    expect(r.written).toBe(false);
    expect(r.refused).toMatch(/not valid JSON.*merge it by hand/);
    expect(await readFile(at('A'), 'utf8')).toBe(aText);
    expect(await readdir(path.join(dir, '.puffin'))).toEqual(['stories']);
  });

  it('leaves the current file as it was when the merge is no valid record of its folder', async () => {
    const { title: _, ...untitled } = story;
    const aText = JSON.stringify({ ...story, description: 'Mine' });
    const r = await mergeRecordFiles(
      await versions(JSON.stringify(story), aText, JSON.stringify(untitled)),
      dir,
    );
    expect(r.written).toBe(false);
    expect(r.refused).toMatch(/not valid.*title/);
    expect(await readFile(at('A'), 'utf8')).toBe(aText);
  });
});
