// Every export format read back gives the stories it was written from (ids, titles, descriptions, criteria in
// order), and through the command line export → import → export leaves the files byte for byte as they were.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WRITERS } from '../../src/main/formats/registry';
import { runPuffin } from '../support/cli/inProcessCli';
import { EXPORT_FORMATS } from '../../src/shared/specFormats';
import { scratchDir } from '../support/scratchDir';
import { seedProject } from './seedProject';
import { sprintBundle } from './sprintBundle';

const env = () => ({ PATH: process.env.PATH ?? '', PUFFIN_USER_DATA: scratchDir('puffin-formats-user-') });

describe.each(EXPORT_FORMATS)('%s', (format) => {
  it('reads back the stories it wrote, with their ids', () => {
    const bundle = sprintBundle();
    const files = WRITERS[format].write(bundle, new Map());
    const written = new Map([...files].filter((e): e is [string, string] => e[1] !== null));
    const [spec] = WRITERS[format].read(written);
    expect(
      spec!.stories.map((s) => ({
        id: s.id,
        title: s.title,
        description: s.description,
        criteria: s.criteria,
      })),
    ).toEqual(
      bundle.stories.map((s) => ({
        id: s.id,
        title: s.title,
        description: s.description,
        criteria: s.criteria.map((c) => c.text),
      })),
    );
    expect(spec!.stories.every((s, i) => s.exportedUpdatedAt === bundle.stories[i]!.updatedAt)).toBe(true);
  });

  it('export → import → export gives the same files, and the import changes nothing', async () => {
    const { dir, sprintId } = await seedProject();
    const puffin = (argv: string[]) => runPuffin(argv, { env: env(), cwd: dir });
    const first = await puffin(['export', '--format', format, '--project', '.', '--sprint', sprintId]);
    expect(first.code, JSON.stringify(first.out)).toBe(0);
    const files = (first.out.data as { files: { path: string; action: string }[] }).files;
    expect(files.length).toBeGreaterThan(0);
    expect(files.every((f) => f.action === 'created')).toBe(true);
    const before = await Promise.all(files.map((f) => readFile(path.join(dir, f.path), 'utf8')));

    const root = WRITERS[format].root;
    const imported = await puffin(['import', '--format', format, '--project', '.', root]);
    expect(imported.code, JSON.stringify(imported.out)).toBe(0);
    const data = imported.out.data as {
      stories: { id: string; action: string }[];
      sprints: { id: string }[];
    };
    expect(data.stories.map((s) => [s.id, s.action])).toEqual(
      sprintBundle().stories.map((s) => [s.id, 'unchanged']),
    );
    expect(data.sprints.map((s) => s.id)).toEqual([sprintId]);

    const again = await puffin(['export', '--format', format, '--project', '.', '--sprint', sprintId]);
    const second = (again.out.data as { files: { path: string; action: string }[] }).files;
    expect(second.map((f) => [f.path, f.action])).toEqual(files.map((f) => [f.path, 'unchanged']));
    const after = await Promise.all(files.map((f) => readFile(path.join(dir, f.path), 'utf8')));
    expect(after).toEqual(before);
  });
});
