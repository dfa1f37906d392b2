import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LogBus } from '../base/logger';
import { RecordFolder, type FolderSpec, type Loading } from './recordFolder';

interface Note {
  id: string;
  text: string;
}

const check = (v: unknown): string | null =>
  typeof (v as Note | null)?.text === 'string' ? null : '"text" is not a string';
const spec = (loading: Loading, path = 'notes'): FolderSpec => ({ path, key: 'id', loading, check });

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'puffin-folder-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function writeRaw(name: string, text: string, sub = 'notes'): Promise<void> {
  await mkdir(join(dir, sub), { recursive: true });
  await writeFile(join(dir, sub, name), text);
}

/**
 * Two instances on one folder are two faces (the desktop app, the browser host, the headless CLI) sharing it;
 * record x was written by the app and is cached by the host.
 */
async function twoFaces(loading: Loading) {
  const app = new RecordFolder<Note>({ dir }, spec(loading));
  const host = new RecordFolder<Note>({ dir }, spec(loading));
  await app.put({ id: 'x', text: 'old' });
  expect(await host.get('x')).toEqual({ id: 'x', text: 'old' });
  return { app, host };
}

describe('RecordFolder', () => {
  it.each<Loading>(['eager', 'lazy', 'fresh'])(
    '%s: writes <key>.json, reads it back, lists, removes',
    async (loading) => {
      const folder = new RecordFolder<Note>({ dir }, spec(loading));
      await folder.put({ id: 'a', text: 'one' });
      await folder.put({ id: 'b.2', text: 'two' });
      expect(await readFile(join(dir, 'notes', 'a.json'), 'utf8')).toBe(
        '{\n  "id": "a",\n  "text": "one"\n}\n',
      );
      const reopened = new RecordFolder<Note>({ dir }, spec(loading));
      expect(await reopened.get('b.2')).toEqual({ id: 'b.2', text: 'two' });
      expect((await reopened.list()).map((n) => n.id).sort()).toEqual(['a', 'b.2']);
      expect(await reopened.remove('a')).toBe(true);
      expect(await reopened.remove('a')).toBe(false);
      expect(await readdir(join(dir, 'notes'))).toEqual(['b.2.json']);
    },
  );

  it('keeps a file that fails to parse, to validate or to match its name aside, and reports each', async () => {
    await writeRaw('good.json', JSON.stringify({ id: 'good', text: 'ok' }));
    await writeRaw('torn.json', '{"id": "torn", "te');
    await writeRaw('shape.json', JSON.stringify({ id: 'shape', text: 7 }));
    await writeRaw('named.json', JSON.stringify({ id: 'other', text: 'x' }));
    await writeRaw('notes.raw.jsonl', 'not a record\n');
    const bus = new LogBus();
    const folder = new RecordFolder<Note>({ dir, log: bus.logger('store') }, spec('eager'));
    expect(await folder.list()).toEqual([{ id: 'good', text: 'ok' }]);
    const problems = [...folder.problems].sort((a, b) => a.file.localeCompare(b.file));
    expect(problems).toEqual([
      {
        file: 'notes/named.json',
        keptAs: expect.stringMatching(/^notes\/named\.json\.corrupt-\d{4}-/),
        reason: 'its "id" "other" does not match the file name named.json',
      },
      {
        file: 'notes/shape.json',
        keptAs: expect.stringMatching(/^notes\/shape\.json\.corrupt-/),
        reason: '"text" is not a string',
      },
      {
        file: 'notes/torn.json',
        keptAs: expect.stringMatching(/^notes\/torn\.json\.corrupt-/),
        reason: expect.stringMatching(/^not valid JSON/),
      },
    ]);
    const names = await readdir(join(dir, 'notes'));
    expect(names.filter((n) => n.endsWith('.json')).sort()).toEqual(['good.json']);
    // Kept byte for byte, never overwritten.
    expect(await readFile(join(dir, problems[2]!.keptAs), 'utf8')).toBe('{"id": "torn", "te');
    expect(
      bus
        .recent()
        .filter((l) => l.level === 'error')
        .map((l) => l.message),
    ).toContainEqual(
      expect.stringMatching(
        /^\.puffin\/notes\/torn\.json could not be read .* kept aside as \.puffin\/notes\/torn/,
      ),
    );
  });

  it('lazy: a record is read when asked for; a missing one is looked for again later', async () => {
    const folder = new RecordFolder<Note>({ dir }, spec('lazy'));
    expect(await folder.get('late')).toBeUndefined();
    await writeRaw('late.json', JSON.stringify({ id: 'late', text: 'written by another process' }));
    expect(await folder.get('late')).toEqual({ id: 'late', text: 'written by another process' });
  });

  it('fresh: every read goes to disk', async () => {
    const folder = new RecordFolder<Note>({ dir }, spec('fresh'));
    await folder.put({ id: 'a', text: 'one' });
    await writeRaw('a.json', JSON.stringify({ id: 'a', text: 'changed on disk' }));
    expect(await folder.get('a')).toEqual({ id: 'a', text: 'changed on disk' });
  });

  it('refuses to write an invalid record or a key that breaks the id rule, and writes nothing', async () => {
    const folder = new RecordFolder<Note>({ dir }, spec('eager'));
    await expect(folder.put({ id: 'a', text: 1 } as unknown as Note)).rejects.toThrow(
      /Refused to save an invalid notes\/a\.json: "text" is not a string/,
    );
    for (const id of ['../x', 'a/b', '', '.hidden'])
      await expect(folder.put({ id, text: 't' })).rejects.toThrow(/Invalid id/);
    expect(await readdir(dir)).toEqual([]);
    expect(await folder.get('../x')).toBeUndefined();
    await expect(folder.update('../x', () => ({ id: '../x', text: 't' }))).rejects.toThrow(/Invalid key/);
  });

  it('update: concurrent read-modify-writes of one record never lose each other', async () => {
    const folder = new RecordFolder<Note>({ dir }, spec('fresh'));
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        folder.update('log', (cur) => ({ id: 'log', text: `${cur?.text ?? ''}${i},` })),
      ),
    );
    const text = (await folder.get('log'))!.text;
    expect(
      text
        .split(',')
        .filter(Boolean)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('update: an unreadable current file is kept aside, reported, and the change starts from nothing', async () => {
    await writeRaw('log.json', '{oops');
    const folder = new RecordFolder<Note>({ dir }, spec('lazy'));
    const out = await folder.update('log', (cur) => ({ id: 'log', text: cur ? 'kept' : 'fresh' }));
    expect(out.record).toEqual({ id: 'log', text: 'fresh' });
    expect(out.problem).toMatchObject({
      file: 'notes/log.json',
      keptAs: expect.stringMatching(/^notes\/log\.json\.corrupt-/),
    });
    expect(await readFile(join(dir, out.problem!.keptAs), 'utf8')).toBe('{oops');
    await expect(folder.update('log', () => ({ id: 'other', text: 'x' }))).rejects.toThrow(
      /may not change its id/,
    );
  });

  it.each<Loading>(['eager', 'lazy'])(
    '%s: update starts from the record on disk, not from a copy another face has changed since',
    async (loading) => {
      const { app, host } = await twoFaces(loading);
      await app.update('x', (cur) => ({ id: 'x', text: `${cur!.text}, renamed` }));
      const out = await host.update('x', (cur) => ({ id: 'x', text: `${cur!.text}, archived` }));
      expect(out.record.text).toBe('old, renamed, archived');
      expect(JSON.parse(await readFile(join(dir, 'notes', 'x.json'), 'utf8'))).toEqual(out.record);
      expect(await host.get('x')).toEqual(out.record);
    },
  );

  it.each<Loading>(['eager', 'lazy'])(
    '%s: update of a record another face deleted gets nothing, and the copy is forgotten',
    async (loading) => {
      const { app, host } = await twoFaces(loading);
      expect(await app.remove('x')).toBe(true);
      let seen: Note | undefined = { id: 'x', text: 'not called' };
      await expect(
        host.update('x', (cur) => {
          seen = cur;
          throw new Error('gone');
        }),
      ).rejects.toThrow('gone');
      expect(seen).toBeUndefined();
      expect(await host.get('x')).toBeUndefined();
      expect(await readdir(join(dir, 'notes'))).toEqual([]);
    },
  );

  it('update writes nothing when the change hands back the record it was given', async () => {
    const folder = new RecordFolder<Note>({ dir }, spec('lazy'));
    await folder.put({ id: 'x', text: 'one' });
    await writeRaw('x.json', '{"id":"x","text":"by hand"}');
    const out = await folder.update('x', (cur) => cur!);
    expect(out.record).toEqual({ id: 'x', text: 'by hand' });
    expect(await readFile(join(dir, 'notes', 'x.json'), 'utf8')).toBe('{"id":"x","text":"by hand"}');
  });

  it('current reads the record from disk and refreshes the copy', async () => {
    const app = new RecordFolder<Note>({ dir }, spec('eager'));
    await app.put({ id: 'x', text: 'one' });
    await writeRaw('x.json', '{"id":"x","text":"two"}');
    expect(await app.get('x')).toEqual({ id: 'x', text: 'one' }); // reads stay cached
    expect(await app.current('x')).toEqual({ id: 'x', text: 'two' });
    expect(await app.get('x')).toEqual({ id: 'x', text: 'two' });
    await rm(join(dir, 'notes', 'x.json'));
    expect(await app.current('x')).toBeUndefined();
    expect(await app.list()).toEqual([]);
    expect(await app.current('../x')).toBeUndefined();
  });

  it('nested folders (ris/<sprintId>) follow the same rules', async () => {
    const folder = new RecordFolder<Note>({ dir }, spec('lazy', 'ris/sprint-1'));
    await folder.put({ id: 's1', text: 'x' });
    expect(await readdir(join(dir, 'ris', 'sprint-1'))).toEqual(['s1.json']);
    expect(await new RecordFolder<Note>({ dir }, spec('lazy', 'ris/none')).list()).toEqual([]);
  });
});
