import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createRoot } from './core';

let dir: string;
beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'puffin-cli-locate-'))));
afterEach(() => rm(dir, { recursive: true, force: true }));

it('cli:locate says where the CLI every call uses was found, and why none was', async () => {
  const bin = join(dir, 'bin');
  await mkdir(bin);
  await writeFile(join(bin, 'claude'), '#!/bin/sh\n');
  await chmod(join(bin, 'claude'), 0o755);
  let PATH = bin;
  const root = await createRoot({
    userDataDir: join(dir, 'user'),
    platform: { face: 'browser' },
    llm: { env: () => ({ PATH }) },
  });
  try {
    expect(await root.dispatch('cli:locate', {}, { face: 'test' })).toEqual({
      ok: true,
      value: { found: true, path: join(bin, 'claude'), source: 'path' },
    });
    PATH = join(dir, 'nowhere');
    expect(await root.dispatch('cli:locate', {}, { face: 'test' })).toMatchObject({
      ok: true,
      value: { found: false, code: 'cli_not_found' },
    });
  } finally {
    await root.dispose();
  }
});
