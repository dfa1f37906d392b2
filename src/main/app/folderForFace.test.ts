// A page (desktop or browser host) reaches only the open project through the channels that name a folder; the
// headless command line, run by its user, may name any.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Face, RequestChannel } from '../../shared/ipc/contract';
import { createFakeClaudeRoot } from '../../../test/support/fakeClaudeRoot';
import type { Root } from './core';

let dir: string;
let root: Root;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'puffin-face-folder-'));
  ({ root } = await createFakeClaudeRoot(dir));
});
afterEach(async () => {
  await root.dispose();
  await rm(dir, { recursive: true, force: true });
});

const call = (face: Face, channel: RequestChannel, payload: unknown) =>
  root.dispatch(channel, payload, { face });
const schema = { type: 'object', properties: {} };
const evaluate = (project: string) => ({
  project,
  assertions: [{ id: 'a', type: 'FILE_EXISTS', target: 'passwd', message: 'm' }],
});

describe.each(['browser', 'electron'] as const)('the %s face', (face) => {
  it('may not run a prompt nor evaluate assertions in a folder while no project is open', async () => {
    for (const [channel, payload] of [
      ['prompt:run', { prompt: 'p', schema, project: '/etc' }],
      ['assertions:evaluate', evaluate('/etc')],
    ] as const) {
      expect(await call(face, channel, payload)).toMatchObject({ ok: false, error: { code: 'no_project' } });
    }
  });

  it('reaches folders inside the open project, never outside it', async () => {
    const project = join(dir, 'project');
    await mkdir(join(project, 'sub'), { recursive: true });
    expect(await call(face, 'project:open', { path: project })).toMatchObject({ ok: true });
    const outside = await call(face, 'assertions:evaluate', evaluate('/etc'));
    expect(outside).toMatchObject({ ok: false, error: { code: 'outside_project' } });
    const refused = await call(face, 'prompt:run', { prompt: 'p', schema, project: '/etc' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'outside_project' } });
    const inside = await call(face, 'assertions:evaluate', evaluate(join(project, 'sub')));
    expect(inside).toMatchObject({ ok: true });
  });
});

describe('the cli face', () => {
  it('evaluates assertions in the folder its user names, no project open', async () => {
    await writeFile(join(dir, 'passwd'), 'x');
    const r = await call('cli', 'assertions:evaluate', evaluate(dir));
    expect(r).toMatchObject({ ok: true, value: { results: [{ status: 'pass' }] } });
  });

  it('refuses a grounded prompt in the root or a system folder, before any engine runs', async () => {
    for (const project of ['/', '/etc']) {
      const r = await call('cli', 'prompt:run', { prompt: 'p', schema, project });
      expect(r).toMatchObject({ ok: false, error: { code: 'not_a_project_folder' } });
    }
  });
});
