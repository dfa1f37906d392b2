// verify:run's JUnit file through the root's dispatcher: the desktop and browser faces may write it only inside the
// opened project (their callers are a page, or anyone holding the host's token); the CLI writes it where its user asks.
import { access, mkdir, readFile, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CallContext } from './dispatcher';
import { makeTestProjectRoot, type TestProjectRoot } from '../../../test/support/core/testProjectRoot';

let t: TestProjectRoot;
let outside: string;

beforeEach(async () => {
  t = await makeTestProjectRoot('puffin-proof-');
  outside = path.join(t.dir, 'outside');
  await mkdir(outside);
  await symlink(outside, path.join(t.project, 'reports'));
  const opened = await t.root.dispatch('project:open', { path: t.project }, { face: 'test' });
  expect(opened.ok).toBe(true);
});
afterEach(async () => {
  await t.root.dispose();
  await rm(t.dir, { recursive: true, force: true });
});

const verify = (junit: string, face: CallContext['face']) =>
  t.root.dispatch('verify:run', { junit }, { face });
const exists = (p: string) =>
  access(p).then(
    () => true,
    () => false,
  );

describe('verify:run --junit', () => {
  it.each(['electron', 'browser', 'test'] as const)(
    'refuses from the %s face a file outside the project, by absolute path, .. or an inner link',
    async (face) => {
      const targets = [
        [path.join(outside, 'abs.xml'), path.join(outside, 'abs.xml')],
        ['../outside/dots.xml', path.join(outside, 'dots.xml')],
        ['reports/linked.xml', path.join(outside, 'linked.xml')],
      ];
      for (const [junit, written] of targets) {
        const r = await verify(junit!, face);
        expect(r).toMatchObject({ ok: false, error: { code: 'outside_project' } });
        expect(await exists(written!)).toBe(false);
      }
    },
  );

  it('writes from the browser face a file inside the project', async () => {
    const r = await verify('out/junit.xml', 'browser');
    expect(r).toMatchObject({ ok: true, value: { junit: path.join(t.project, 'out', 'junit.xml') } });
    expect(await readFile(path.join(t.project, 'out', 'junit.xml'), 'utf8')).toContain('<testsuites');
  });

  it('writes from the CLI face wherever its user asks, also outside the project', async () => {
    const file = path.join(outside, 'cli.xml');
    expect(await verify(file, 'cli')).toMatchObject({ ok: true, value: { junit: file } });
    expect(await readFile(file, 'utf8')).toContain('<testsuites');
  });
});
