// A NUL byte in a path is the caller's mistake, typed `invalid_payload` on every path-taking channel, never an
// `internal_error` and never stored.
import { readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createRoot, type Root } from '../app/core';
import { toIpcError } from './errors';
import { nulInPath } from './nulPaths';

let dir: string;
let root: Root;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'puffin-nul-'));
  root = await createRoot({ userDataDir: join(dir, 'user'), platform: { face: 'cli' } });
});
afterEach(async () => {
  await root.dispose();
  await rm(dir, { recursive: true, force: true });
});

const NUL = 'a\u0000b';

it('every path-taking channel answers invalid_payload, opened project or not', async () => {
  const before: [string, unknown][] = [
    ['project:open', { path: `/tmp/${NUL}` }],
    ['project:forgetRecent', { path: NUL }],
    ['settings:update', { claudePath: `/usr/bin/${NUL}` }],
    ['assertions:evaluate', { project: NUL }],
  ];
  const after: [string, unknown][] = [
    ['verify:run', { junit: `out/${NUL}.xml` }],
    ['projectSettings:update', { neverTouch: ['ok', NUL] }],
  ];
  const codes = async (calls: [string, unknown][]) =>
    Promise.all(
      calls.map(async ([c, p]) => {
        const r = await root.dispatch(c, p, { face: 'test' });
        return [c, r.ok ? 'ok' : r.error.code];
      }),
    );
  expect(await codes(before)).toEqual(before.map(([c]) => [c, 'invalid_payload']));
  expect((await root.dispatch('project:open', { path: dir }, { face: 'test' })).ok).toBe(true);
  expect(await codes(after)).toEqual(after.map(([c]) => [c, 'invalid_payload']));
  const settings = await readFile(join(dir, 'user', 'settings.json'), 'utf8').catch(() => '');
  expect(settings).not.toContain('\\u0000');
});

it('finds a NUL only in fields that name paths, at any depth', () => {
  expect(nulInPath({ assertions: [{ target: NUL }] })).toBe('/assertions/0/target');
  expect(nulInPath({ prompt: NUL, title: NUL })).toBeNull();
});

it("Node's own refusal of a NUL path, wherever thrown, is invalid_payload", async () => {
  const err = await readFile(NUL).catch((e: unknown) => e);
  expect(toIpcError(err).code).toBe('invalid_payload');
});
