// Store writes that fail (a full disk, a read-only .puffin) reach every face as typed errors, leave no temp files,
// and a read-only store is reported when the project opens. Faults are real where the OS allows (chmod) and
// injected into node:fs/promises where it does not (root ignores chmod; no test can fill a real disk).
import type * as FsPromises from 'node:fs/promises';
import { chmod, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestChannel } from '../../shared/ipc/contract';
import { createRoot, type Root } from './core';
import { makeTestProjectRoot } from '../../../test/support/core/testProjectRoot';

/** Folders whose new files fail: EACCES at open, or ENOSPC after part of the data was written. */
const faults = vi.hoisted(() => new Map<string, 'EACCES' | 'ENOSPC'>());
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>();
  const errno = (code: string, path: string) =>
    Object.assign(new Error(`${code}: injected, open '${path}'`), { code, path });
  return {
    ...real,
    open: vi.fn(async (path: string, flags?: string, mode?: number) => {
      const fault = faults.get(dirname(String(path)));
      if (fault === 'EACCES' && flags && /[wa]/.test(flags)) throw errno('EACCES', String(path));
      const handle = await real.open(path, flags, mode);
      if (fault === 'ENOSPC' && flags && /[wa]/.test(flags))
        handle.writeFile = async (data: unknown) => {
          await handle.write(String(data).slice(0, 8)); // a partial temp file, as a real full disk leaves
          throw errno('ENOSPC', String(path));
        };
      return handle;
    }),
  };
});

let dir: string;
let project: string;
let root: Root;

beforeEach(async () => {
  ({ dir, project, root } = await makeTestProjectRoot('puffin-store-writes-'));
});
afterEach(async () => {
  faults.clear();
  await root.dispose();
  await chmod(join(project, '.puffin'), 0o755).catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

const call = (channel: RequestChannel, payload: unknown) => root.dispatch(channel, payload, { face: 'test' });
const draft = { title: 'T', description: 'd', acceptanceCriteria: [] };

/** Makes a folder read-only for real; where that does not stop writes (root), injects EACCES there instead. */
async function makeReadOnly(folder: string): Promise<void> {
  await chmod(folder, 0o555);
  const probe = join(folder, 'probe');
  const stillWritable = await writeFile(probe, '').then(
    () => true,
    () => false,
  );
  if (stillWritable) {
    await rm(probe);
    faults.set(folder, 'EACCES');
  }
}

const tempFiles = async (folder: string) =>
  (await readdir(folder, { recursive: true })).filter((n) => n.endsWith('.tmp'));

describe('store writes that fail', () => {
  it('a read-only .puffin is refused when the project opens, with store_not_writable and what to do', async () => {
    expect(await call('project:open', { path: project })).toMatchObject({ ok: true });
    await makeReadOnly(join(project, '.puffin'));
    const fresh = await createRoot({ userDataDir: join(dir, 'user-data-2'), platform: { face: 'cli' } });
    try {
      const r = await fresh.dispatch('project:open', { path: project }, { face: 'test' });
      expect(r).toEqual({
        ok: false,
        error: {
          code: 'store_not_writable',
          message: expect.stringMatching(/\.puffin.*Make the folder writable/) as unknown as string,
          details: expect.objectContaining({ errno: 'EACCES' }) as unknown,
        },
      });
      expect(await fresh.dispatch('project:current', undefined, { face: 'test' })).toEqual({
        ok: true,
        value: null,
      });
    } finally {
      await fresh.dispose();
    }
  });

  it('a full disk during a save answers disk_full, keeps nothing half-written and no temp file', async () => {
    expect(await call('project:open', { path: project })).toMatchObject({ ok: true });
    const stories = join(project, '.puffin', 'stories');
    await mkdir(stories, { recursive: true });
    faults.set(stories, 'ENOSPC');
    const r = await call('stories:accept', { drafts: [draft] });
    expect(r).toMatchObject({
      ok: false,
      error: { code: 'disk_full', message: expect.stringMatching(/disk is full.*Free some space/) },
    });
    expect(await tempFiles(join(project, '.puffin'))).toEqual([]);
    expect(await readdir(stories)).toEqual([]);
    faults.clear();
    expect(await call('stories:list', undefined)).toEqual({ ok: true, value: [] });
  });

  it('a store that turned read-only after opening answers store_not_writable, not internal_error', async () => {
    expect(await call('project:open', { path: project })).toMatchObject({ ok: true });
    await makeReadOnly(join(project, '.puffin'));
    const r = await call('projectSettings:update', { description: 'D' });
    expect(r).toMatchObject({ ok: false, error: { code: 'store_not_writable' } });
    expect(await call('projectSettings:get', undefined)).toEqual({
      ok: true,
      value: { description: '', conventions: '' },
    });
  });
});
