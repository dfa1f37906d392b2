// The desktop app and the browser host reach only the open project with a folder named in a request; the command
// line's user may name any folder.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Face } from '../../shared/ipc/contract';
import type { AssertionsEvaluation } from '../../shared/ipc/assertionChannels';
import { createRoot, type Root } from './core';

let dir: string;
let project: string;
let elsewhere: string;
let root: Root;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'puffin-reach-'));
  [project, elsewhere] = [join(dir, 'app'), join(dir, 'elsewhere')];
  await mkdir(project);
  await mkdir(elsewhere);
  await writeFile(join(elsewhere, 'secret.txt'), 'x');
  await symlink(elsewhere, join(project, 'link'));
  root = await createRoot({ userDataDir: join(dir, 'user'), platform: { face: 'cli' } });
});
afterEach(async () => {
  await root.dispose();
  await rm(dir, { recursive: true, force: true });
});

const exists = { id: 'a', type: 'FILE_EXISTS', target: 'secret.txt', message: 'there' };
const evaluate = (face: Face, folder: string) =>
  root.dispatch('assertions:evaluate', { project: folder, assertions: [exists], save: false }, { face });
const prompt = (face: Face, folder: string) =>
  root.dispatch(
    'prompt:run',
    { prompt: 'List the files.', schema: { type: 'object' }, project: folder },
    { face },
  );
const code = (r: Awaited<ReturnType<Root['dispatch']>>) => (r.ok ? 'ok' : r.error.code);

it('with no project open, the app and the host name no folder at all', async () => {
  for (const face of ['electron', 'browser'] as const) {
    expect(code(await evaluate(face, elsewhere))).toBe('no_project');
    expect(code(await prompt(face, '/etc'))).toBe('no_project');
  }
});

it('with a project open, a folder outside it (or through a link out of it) is outside_project', async () => {
  expect((await root.dispatch('project:open', { path: project }, { face: 'test' })).ok).toBe(true);
  for (const face of ['electron', 'browser'] as const) {
    for (const folder of [elsewhere, '/etc', join(project, 'link'), '..'])
      expect([face, folder, code(await evaluate(face, folder))]).toEqual([face, folder, 'outside_project']);
    expect(code(await prompt(face, '/etc'))).toBe('outside_project');
    const inside = await evaluate(face, project);
    expect(inside.ok && (inside.value as AssertionsEvaluation).project).toBe(project);
  }
});

it('the command line evaluates any folder it names', async () => {
  const r = await evaluate('cli', elsewhere);
  expect(r.ok && (r.value as AssertionsEvaluation).summary).toMatchObject({ passed: 1 });
});
