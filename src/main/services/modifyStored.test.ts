// A modify round on a stored generation as any face calls it: through the root's dispatcher, with a fake CLI.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RequestChannel } from '../../shared/ipc/contract';
import { EMPTY_META, type Generation } from '../../shared/stories';
import { fakeClaudeEnv } from '../../../test/support/fakeCli';
import { createFakeClaudeRoot } from '../../../test/support/fakeClaudeRoot';
import type { Root } from '../app/core';

let dir: string;
let root: Root;
let env: Record<string, string>;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'puffin-modify-stored-'));
  ({ root, env } = await createFakeClaudeRoot(dir));
});
afterEach(async () => {
  await root.dispose();
  await rm(dir, { recursive: true, force: true });
});

const call = (channel: RequestChannel, payload: unknown) => root.dispatch(channel, payload, { face: 'test' });

function generation(id: string, stories: number): Generation {
  const draft = (n: number) => ({
    title: `S${n}`,
    description: 'd',
    acceptanceCriteria: [],
    locked: n === 1,
  });
  return {
    id,
    kind: 'derive',
    title: 't',
    prompt: 'p',
    status: 'succeeded',
    createdAt: '2025-01-01T00:00:00.000Z',
    warnings: [],
    meta: { ...EMPTY_META },
    stories: Array.from({ length: stories }, (_, i) => draft(i + 1)),
  };
}

describe('generation:modifyStored', () => {
  beforeEach(async () => {
    await root.services.projects.open(dir);
  });

  it('is not_found without a generation with stories', async () => {
    const r = await call('generation:modifyStored', { id: 'g2', feedback: 'More.' });
    expect(r).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const named = await call('generation:modifyStored', {
      id: 'g2',
      generationId: 'nope',
      feedback: 'More.',
    });
    expect(named).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('refuses a lock position past the stories of the base generation', async () => {
    await root.services.projects.requireStore().history.put(generation('g1', 2));
    const r = await call('generation:modifyStored', { id: 'g2', feedback: 'More.', lock: [2, 3] });
    expect(r).toMatchObject({
      ok: false,
      error: { code: 'invalid_payload', message: 'lock 3: generation g1 has 2 stories.' },
    });
  });

  it('modifies the latest generation, keeping its locks and adding the given positions', async () => {
    const answer = (n: number) => ({
      title: `M${n}`,
      description: 'As a cook, I want it',
      acceptanceCriteria: ['ok'],
    });
    Object.assign(
      env,
      fakeClaudeEnv({ scenario: 'happy', output: { stories: [answer(1), answer(2), answer(3)] } }),
    );
    await root.services.projects.requireStore().history.put(generation('g1', 3));
    const r = await call('generation:modifyStored', { id: 'g2', feedback: 'More.', lock: [3] });
    expect(r).toMatchObject({
      ok: true,
      value: { id: 'g2', kind: 'modify', parentId: 'g1', status: 'succeeded' },
    });
    const stories = (r as { value: Generation }).value.stories!;
    // S1 was locked in g1, S3 by `lock`: both come back as they were; the model's M2 fills the free place.
    expect(stories.map((s) => [s.title, s.locked])).toEqual([
      ['S1', true],
      ['M2', false],
      ['S3', true],
    ]);
  });
});
