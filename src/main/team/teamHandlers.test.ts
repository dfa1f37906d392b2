// The merge driver's channel writes the files it is named, so only git's caller (the command line) may use it: a
// page of the desktop app or the browser host, or an MCP client, is refused and nothing is written.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRoot } from '../app/core';

let dir: string;
beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'puffin-team-handlers-'))));
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('team:merge', () => {
  it.each(['electron', 'browser', 'mcp'] as const)(
    'is refused to the %s face, writing nothing',
    async (face) => {
      const files = { ancestor: join(dir, 'O'), current: join(dir, 'A'), other: join(dir, 'B') };
      await writeFile(files.ancestor, '{"a":1}');
      await writeFile(files.current, '{"a":1}');
      await writeFile(files.other, '{"a":2}');
      const root = await createRoot({ userDataDir: join(dir, 'user'), platform: { face: 'browser' } });
      try {
        const r = await root.dispatch(
          'team:merge',
          { ...files, path: join(dir, '.puffin', 'x.json') },
          { face },
        );
        expect(r).toMatchObject({ ok: false, error: { code: 'not_supported' } });
        expect(await readFile(files.current, 'utf8')).toBe('{"a":1}');
        const cli = await root.dispatch(
          'team:merge',
          { ...files, path: join(dir, '.puffin', 'x.json') },
          { face: 'cli' },
        );
        expect(cli).toMatchObject({ ok: true, value: { written: true, conflicts: [] } });
        expect(JSON.parse(await readFile(files.current, 'utf8'))).toEqual({ a: 2 });
      } finally {
        await root.dispose();
      }
    },
  );
});
