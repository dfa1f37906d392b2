// Stories reviews kept like plans, through the root's dispatcher with the scripted fake CLI: one story
// regenerated with the others kept byte-identical, every round a revision, restore as a new revision.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RequestChannel } from '../../shared/ipc/contract';
import type { Generation } from '../../shared/stories';
import type { StoryRevisions } from '../../shared/storyRevisions';
import { fakeClaudeEnv } from '../../../test/support/fakeCli';
import { createFakeClaudeRoot } from '../../../test/support/fakeClaudeRoot';
import type { Root } from '../app/core';

let dir: string;
let root: Root;
let env: Record<string, string>;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'puffin-story-revisions-'));
  ({ root, env } = await createFakeClaudeRoot(dir));
  await root.services.projects.open(dir);
});
afterEach(async () => {
  await root.dispose();
  await rm(dir, { recursive: true, force: true });
});

async function call<T>(channel: RequestChannel, payload: unknown): Promise<T> {
  const r = await root.dispatch(channel, payload, { face: 'test' });
  if (!r.ok) throw Object.assign(new Error(r.error.message), r.error);
  return r.value as T;
}
/** The fake CLI answers every following call with these stories. */
const answer = (...titles: string[]) =>
  Object.assign(
    env,
    fakeClaudeEnv({
      scenario: 'happy',
      output: {
        stories: titles.map((title) => ({
          title,
          description: `As a cook, I want ${title}`,
          acceptanceCriteria: [`${title} works`],
        })),
      },
    }),
  );
const titles = (g: { stories?: { title: string }[] }) => (g.stories ?? []).map((s) => s.title);

describe('stories reviews kept like plans', () => {
  it('regenerates one story with the others kept exactly, keeps every round, diffs and restores', async () => {
    answer('Share', 'Revoke', 'Expire');
    const derived = await call<Generation>('generation:derive', {
      id: 'g1',
      prompt: 'share recipes by link',
      deriveStories: true,
    });
    expect(derived).toMatchObject({ status: 'succeeded', reviewId: 'g1' });

    // The user edited story 1 and accepted it; story 2 is regenerated alone.
    const sent = derived.stories!.map((s, i) =>
      i === 0 ? { ...s, description: 'Edited', locked: true } : s,
    );
    answer('Revoke all links', 'Stray extra');
    const regen = await call<Generation>('generation:regenerateStory', {
      id: 'g2',
      parentId: 'g1',
      index: 1,
      stories: sent,
      feedback: 'Revoke every link at once',
    });
    expect(regen).toMatchObject({ status: 'succeeded', kind: 'story-regen', reviewId: 'g1', parentId: 'g1' });
    expect(titles(regen)).toEqual(['Share', 'Revoke all links', 'Expire']);
    expect(JSON.stringify(regen.stories![0])).toBe(JSON.stringify(sent[0]));
    expect(JSON.stringify(regen.stories![2])).toBe(JSON.stringify(sent[2]));
    expect(regen.warnings).toContain('The model returned 1 extra story; only the first was kept.');

    answer('Share', 'Revoke all links', 'Expire', 'Audit');
    const modified = await call<Generation>('generation:modify', {
      id: 'g3',
      parentId: 'g2',
      feedback: 'Add an audit story',
      stories: regen.stories,
    });
    expect(modified.reviewId).toBe('g1');

    const kept = await call<StoryRevisions>('storyRevisions:get', { reviewId: 'g1' });
    expect(kept.revisions.map((r) => [r.number, r.kind, r.generationId])).toEqual([
      [1, 'derived', 'g1'],
      [2, 'story_regenerated', 'g2'],
      [3, 'modified', 'g3'],
    ]);
    expect(kept.revisions[1]).toMatchObject({ regeneratedIndex: 1, feedback: 'Revoke every link at once' });
    expect(kept.current).toBe(3);

    const restored = await call<StoryRevisions>('storyRevisions:restore', { reviewId: 'g1', revision: 1 });
    expect(restored.current).toBe(4);
    expect(restored.revisions[3]).toMatchObject({ kind: 'restored', restoredFrom: 1, generationId: 'g1' });
    expect(restored.revisions[3]!.stories).toEqual(kept.revisions[0]!.stories);

    // Persisted in the store, where a reopened project finds it.
    const file = JSON.parse(await readFile(join(dir, '.puffin', 'story-revisions', 'g1.json'), 'utf8'));
    expect(file.revisions).toHaveLength(4);
  });

  it('headless: regenerates from the stored stories of the parent; a position past them is refused', async () => {
    answer('Share', 'Revoke');
    await call<Generation>('generation:derive', { id: 'g1', prompt: 'links', deriveStories: true });
    answer('Revoke fast');
    const regen = await call<Generation>('generation:regenerateStory', {
      id: 'g2',
      parentId: 'g1',
      index: 1,
    });
    expect(titles(regen)).toEqual(['Share', 'Revoke fast']);
    await expect(
      call('generation:regenerateStory', { id: 'g3', parentId: 'g1', index: 2 }),
    ).rejects.toMatchObject({ code: 'invalid_payload' });
    await expect(call('storyRevisions:restore', { reviewId: 'g1', revision: 9 })).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(await call('storyRevisions:get', { reviewId: 'nothing' })).toBeNull();
  });
});
