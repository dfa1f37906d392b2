// The stories journey through services.dispatch, with the REAL Claude Code CLI against the mock Messages API.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Generation, GenerationProgress, ReviewDraft, Story } from '../../src/shared/stories';
import { structured, structuredThenHang } from '../support/mockTurns';
import { userText } from '../support/requestInspection';
import { useRealCliTimeouts } from '../support/realCliTest';
import { startJourney, TITLE, type Journey } from './journeyHarness';

const story = (n: number) => ({
  title: `Story ${n}`,
  description: `As a cook, I want feature ${n} so that I save time`,
  acceptanceCriteria: [`criterion ${n}a`, `criterion ${n}b`],
});
const STORIES = [story(1), story(2), story(3)];

useRealCliTimeouts();

let journey: Journey | undefined;
afterEach(async () => {
  await journey?.close();
  journey = undefined;
});

const progressOf = (j: Journey, id: string) =>
  j.events
    .filter((e) => e.event === 'generation:progress')
    .map((e) => e.payload as GenerationProgress)
    .filter((p) => p.id === id);

describe('stories journey with the real CLI', () => {
  it('derive: stories stream in as progress, the generation is stored with meta and raw lines, the title follows', async () => {
    const j = (journey = await startJourney({ script: [structured({ stories: STORIES })] }));
    await j.call('projectSettings:update', { description: 'A recipe manager.', conventions: 'Small PRs.' });
    const g = await j.call('generation:derive', {
      id: 'gen-1',
      prompt: 'Let cooks share recipes by link',
      deriveStories: true,
    });

    expect(g).toMatchObject({
      id: 'gen-1',
      kind: 'derive',
      status: 'succeeded',
      source: 'structured_output',
    });
    expect(g.stories).toEqual(STORIES.map((s) => ({ ...s, locked: false })));
    expect(g.meta).toMatchObject({
      cliVersion: '2.1.330',
      turns: expect.any(Number),
      costUsd: expect.any(Number),
    });

    const progress = progressOf(j, 'gen-1');
    expect(progress.find((p) => p.stories.length === 1)?.stories[0]).toEqual(story(1));
    expect(progress.at(-1)).toMatchObject({ phase: 'finished', stories: STORIES });
    expect(progress.at(-1)!.costUsd).toEqual(expect.any(Number));

    // The prompt carried the project context and no format instructions.
    const sent = userText(j.mock.mainRequests()[0]!.body!);
    expect(sent).toContain('A recipe manager.');
    expect(sent).toContain('Let cooks share recipes by link');
    expect(sent).not.toMatch(/json|```/i);

    const titled = await j.waitFor('history:changed', (h) => h.id === 'gen-1' && h.title === TITLE);
    expect(titled.status).toBe('succeeded');
    const [listed] = await j.call('history:list', {});
    expect(listed).toMatchObject({ id: 'gen-1', title: TITLE, status: 'succeeded' });
    const raw = await j.call('history:rawLines', { id: 'gen-1' });
    expect(raw.length).toBeGreaterThan(3);
    expect(raw.map((l) => (JSON.parse(l) as { type: string }).type)).toContain('result');
    await j.services.generation.idle();
    const onDisk = JSON.parse(
      await readFile(join(j.project, '.puffin', 'local', 'history', 'gen-1.json'), 'utf8'),
    ) as Generation;
    expect(onDisk).toMatchObject({ status: 'succeeded', title: TITLE, stories: g.stories });
  });

  it('cancel: the CLI is stopped and the stories complete so far are kept as a cancelled generation', async () => {
    const partial = JSON.stringify({ stories: [story(1), story(2)] }).slice(0, -2) + ',{"title":"Sto';
    const j = (journey = await startJourney({ script: [structuredThenHang(partial)] }));
    const pending = j.call('generation:derive', {
      id: 'gen-c',
      prompt: 'Share recipes',
      deriveStories: true,
    });
    await j.waitFor('generation:progress', (p) => p.id === 'gen-c' && p.stories.length === 2);
    expect(await j.call('generation:cancel', { id: 'gen-c' })).toEqual({ cancelled: true });
    const g = await pending;
    expect(g).toMatchObject({ status: 'cancelled', error: { code: 'cancelled' } });
    expect(g.stories).toEqual([story(1), story(2)].map((s) => ({ ...s, locked: false })));
    expect(await j.call('generation:cancel', { id: 'gen-c' })).toEqual({ cancelled: false });
    const [stored] = await j.call('history:list', {});
    expect(stored).toMatchObject({ id: 'gen-c', status: 'cancelled', stories: g.stories });
  });

  it('box unchecked: a plain prompt whose answer is stored as markdown', async () => {
    const j = (journey = await startJourney({
      script: [structured({ markdown: '# Sharing\n\nUse links.' })],
    }));
    const g = await j.call('generation:derive', {
      id: 'gen-p',
      prompt: 'How should sharing work?',
      deriveStories: false,
    });
    expect(g).toMatchObject({ kind: 'prompt', status: 'succeeded', markdown: '# Sharing\n\nUse links.' });
    expect(g.stories).toBeUndefined();
  });

  it('dispose (app quit / host stop) kills the running CLI and stores the generation as cancelled', async () => {
    const j = (journey = await startJourney({ script: [structuredThenHang('{"stories":[')] }));
    const pending = j.call('generation:derive', {
      id: 'gen-q',
      prompt: 'Share recipes',
      deriveStories: true,
    });
    await j.mock.waitForRequest((r) => r.kind === 'main');
    await j.root.dispose();
    const g = await pending;
    expect(g.status).toBe('cancelled');
    expect(await j.services.projects.requireStore().history.get('gen-q')).toMatchObject({
      status: 'cancelled',
    });
  });

  it('modify: locked stories come back byte-identical and in place; the prompt carries stories and feedback', async () => {
    const answer = [
      { ...story(1), description: 'rewritten by the model' },
      { ...story(2), title: 'Story 2 (split)' },
      { ...story(3), acceptanceCriteria: ['changed'] },
      story(4),
    ];
    const j = (journey = await startJourney({ script: [structured({ stories: answer })] }));
    const sent: ReviewDraft[] = STORIES.map((s, i) => ({ ...s, locked: i !== 1 }));
    const g = await j.call('generation:modify', {
      id: 'gen-m',
      parentId: 'gen-1',
      feedback: 'Split story 2 and add an export story.',
      stories: sent,
    });
    expect(g.status).toBe('succeeded');
    expect(JSON.stringify(g.stories![0])).toBe(JSON.stringify(sent[0]));
    expect(JSON.stringify(g.stories![2])).toBe(JSON.stringify(sent[2]));
    expect(g.stories!.map((s) => [s.title, s.locked])).toEqual([
      ['Story 1', true],
      ['Story 2 (split)', false],
      ['Story 3', true],
      ['Story 4', false],
    ]);
    const prompt = userText(j.mock.mainRequests()[0]!.body!);
    expect(prompt).toContain('Split story 2 and add an export story.');
    expect(prompt).toMatch(/Story 1 \(LOCKED/);
    expect(await j.services.projects.requireStore().history.get('gen-m')).toMatchObject({
      parentId: 'gen-1',
      feedback: 'Split story 2 and add an export story.',
    });
  });

  it('not logged in: stored as failed with not_logged_in and how to log in', async () => {
    const j = (journey = await startJourney({ script: [], loggedIn: false }));
    const g = await j.call('generation:derive', {
      id: 'gen-n',
      prompt: 'Share recipes',
      deriveStories: true,
    });
    expect(g).toMatchObject({ status: 'failed', error: { code: 'not_logged_in' } });
    expect(g.error!.message).toContain('/login');
    expect(g.meta.cliVersion).toBe('2.1.330');
    await j.services.generation.idle();
    const stored = await j.services.projects.requireStore().history.get('gen-n');
    expect(stored).toMatchObject({
      status: 'failed',
      error: { code: 'not_logged_in' },
      title: 'Share recipes',
    });
    expect(j.mock.mainRequests()).toHaveLength(0); // no title call either: it would fail the same way
  });

  it('accept → backlog with stories:changed; update, delete, restore; still there after a restart', async () => {
    const j = (journey = await startJourney({ script: [] }));
    const accepted = await j.call('stories:accept', { generationId: 'gen-1', drafts: STORIES });
    expect(accepted.map((s) => [s.title, s.status, s.generationId])).toEqual(
      STORIES.map((s) => [s.title, 'pending', 'gen-1']),
    );
    // Each change sends only what it touched (deliberately changed: the whole backlog went with every save).
    expect(await j.waitFor('stories:changed', (c) => c.changed.length === 3)).toEqual({
      changed: accepted,
      deleted: [],
    });
    const updated = await j.call('stories:update', { id: accepted[0]!.id, patch: { status: 'in_progress' } });
    expect(updated.status).toBe('in_progress');
    expect(await j.waitFor('stories:changed', (c) => c.changed.length === 1)).toEqual({
      changed: [updated],
      deleted: [],
    });
    const deleted = await j.call('stories:delete', { ids: [accepted[1]!.id] });
    expect(deleted).toEqual([accepted[1]]);
    expect(await j.waitFor('stories:changed', (c) => c.deleted.length > 0)).toEqual({
      changed: [],
      deleted: [accepted[1]!.id],
    });
    await j.call('stories:restore', { stories: deleted });
    const done = await j.call('stories:setStatus', {
      ids: [accepted[1]!.id, accepted[2]!.id],
      status: 'done',
    });
    expect(done.map((s) => [s.id, s.status])).toEqual([
      [accepted[1]!.id, 'done'],
      [accepted[2]!.id, 'done'],
    ]);
    expect(await j.waitFor('stories:changed', (c) => c.changed.length === 2)).toEqual({
      changed: done,
      deleted: [],
    });
    const restarted = await j.reopen();
    await restarted.dispatch('project:open', { path: j.project }, { face: 'test' });
    const list = await restarted.dispatch('stories:list', {}, { face: 'test' });
    expect(list.ok && (list.value as Story[]).map((s) => [s.title, s.status])).toEqual([
      ['Story 1', 'in_progress'],
      ['Story 2', 'done'],
      ['Story 3', 'done'],
    ]);
  });

  it('without an open project every journey request is no_project', async () => {
    const j = (journey = await startJourney({ script: [] }));
    const fresh = await j.reopen();
    for (const [channel, payload] of [
      ['generation:derive', { id: 'x', prompt: 'p', deriveStories: true }],
      ['stories:list', {}],
      ['history:list', {}],
      ['projectSettings:get', {}],
    ] as const) {
      const r = await fresh.dispatch(channel, payload, { face: 'test' });
      expect(r).toMatchObject({ ok: false, error: { code: 'no_project' } });
    }
  });
});
