// The open stories review through the root's dispatcher: saved as it changes, read back by a second Puffin opening
// the same project (a reload), replaced by the next round's, gone once closed; a malformed one is refused.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RequestChannel } from '../../shared/ipc/contract';
import { createRoot, type Root } from '../app/core';

let dir: string;
const roots: Root[] = [];

async function openRoot(): Promise<Root> {
  const root = await createRoot({
    userDataDir: join(dir, `user-${roots.length}`),
    platform: { face: 'cli' },
  });
  roots.push(root);
  await root.services.projects.open(dir);
  return root;
}

async function call(root: Root, channel: RequestChannel, payload: unknown): Promise<unknown> {
  const r = await root.dispatch(channel, payload, { face: 'test' });
  if (!r.ok) throw Object.assign(new Error(r.error.message), r.error);
  return r.value;
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'puffin-open-review-'));
});
afterEach(async () => {
  for (const root of roots.splice(0)) await root.dispose();
  await rm(dir, { recursive: true, force: true });
});

const review = (generationId: string, title: string) => ({
  generationId,
  reviewId: 'g1',
  round: 2,
  partial: false,
  items: [
    { draft: { title, description: 'As a cook…', acceptanceCriteria: ['works', ''] }, decision: 'accepted' },
    { draft: { title: '', description: '', acceptanceCriteria: [] }, decision: 'pending' },
  ],
});

describe('the open review in the store', () => {
  it('round-trips through the store: another Puffin on the project reads the edits and decisions back', async () => {
    const first = await openRoot();
    expect(await call(first, 'review:get', {})).toBeNull();
    await call(first, 'review:save', { review: review('g2', 'Share by link (edited)') });
    const reloaded = await openRoot();
    expect(await call(reloaded, 'review:get', {})).toEqual({
      ...review('g2', 'Share by link (edited)'),
      savedAt: expect.any(String),
    });
  });

  it('keeps one open review: the next round replaces it, closing removes it', async () => {
    const root = await openRoot();
    await call(root, 'review:save', { review: review('g2', 'first') });
    await call(root, 'review:save', { review: review('g3', 'next round') });
    expect(await readdir(join(dir, '.puffin', 'local', 'open-review'))).toEqual(['g3.json']);
    expect(await call(root, 'review:get', {})).toMatchObject({ generationId: 'g3' });
    expect(await call(root, 'review:close', {})).toEqual({ closed: true });
    expect(await call(root, 'review:get', {})).toBeNull();
    expect(await call(root, 'review:close', {})).toEqual({ closed: false });
  });

  it('refuses a review that is not one (typed invalid_payload), saving nothing', async () => {
    const root = await openRoot();
    const bad = { ...review('g2', 'x'), items: [{ draft: { title: 'x' }, decision: 'maybe' }] };
    await expect(call(root, 'review:save', { review: bad })).rejects.toMatchObject({
      code: 'invalid_payload',
    });
    expect(await call(root, 'review:get', {})).toBeNull();
  });
});
