// The board through the root's dispatcher, as the app asks for it, and its live updates: after board:get, a changed
// file's assertions are re-evaluated and the changed card arrives as a board:changed event.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitFixture, type GitFixture } from '../../../test/support/gitFixture';
import { seedSprintStory } from '../../../test/support/proofProject';
import type { BoardData, BoardStory } from '../../shared/board';
import type { CostReport } from '../../shared/cost';
import type { VerifyRunResult } from '../../shared/ipc/proofChannels';
import { createRoot, type Root } from '../app/core';

let repo: GitFixture;
let userData: string;
let root: Root;
let storyId: string;

beforeEach(async () => {
  repo = await createGitFixture('puffin-board-');
  ({ storyId } = await seedSprintStory(repo.dir, {
    story: { title: 'Counts', description: '', acceptanceCriteria: ['Has count'] },
    sprintTitle: 'Count',
    assertions: [
      { id: 'count', type: 'FILE_CONTAINS', target: 'src/count.ts', assertion: { content: 'count' } },
    ],
  }));
  await repo.write({ 'src/count.ts': 'export const count = 1;\n' });
  await repo.commit('count');
  userData = await mkdtemp(path.join(os.tmpdir(), 'puffin-board-user-'));
  root = await createRoot({ userDataDir: userData, platform: { face: 'browser' } });
});
afterEach(async () => {
  await root.dispose();
  await repo.cleanup();
  await rm(userData, { recursive: true, force: true });
});

async function call<T>(channel: string, payload: unknown): Promise<T> {
  const r = await root.dispatch(channel, payload, { face: 'test' });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value as T;
}

describe('board:get and board:changed', () => {
  it('shows the story verified after a verify run, then flags the regression the watch finds', async () => {
    await call('project:open', { path: repo.dir });
    expect((await call<BoardData>('board:get', {})).stories.map((s) => [s.id, s.column])).toEqual([
      [storyId, 'specified'],
    ]);
    expect((await call<VerifyRunResult>('verify:run', {})).counts.verified).toBe(1);
    const board = await call<BoardData>('board:get', {});
    expect(board.stories[0]).toMatchObject({ column: 'verified', verdict: 'verified', sprintId: 'sprint-1' });
    expect(board.stories[0]!.chips).toEqual([{ id: 'count', message: '', status: 'pass' }]);
    // No model call was made: nothing spent, one verified story.
    expect(await call<CostReport>('costs:get', {})).toMatchObject({
      totalUsd: 0,
      verifiedCount: 1,
      costPerVerifiedUsd: 0,
      sprints: [
        expect.objectContaining({ sprintId: 'sprint-1', title: 'Count', callsUsd: 0, verifiedCount: 1 }),
      ],
    });

    const events: BoardStory[][] = [];
    root.onEvent((event, payload) => {
      if (event === 'board:changed') events.push(payload as BoardStory[]);
    });
    await repo.write({ 'src/count.ts': 'export const total = 1;\n' });
    const watch = (await root.services.board.current())!;
    watch.changed(['src/count.ts']);
    await watch.flush();
    expect(events[0]).toEqual([
      expect.objectContaining({ id: storyId, column: 'specified', verdict: 'regressed' }),
    ]);
    expect(events[0]![0]!.chips[0]!.status).toBe('fail');
  });

  it('Refresh shows what the live view showed, and a newer recorded run replaces the live result', async () => {
    await repo.write({ 'src/count.ts': 'export const total = 1;\n' });
    await call('project:open', { path: repo.dir });
    expect((await call<VerifyRunResult>('verify:run', {})).counts.failing).toBe(1);
    expect((await call<BoardData>('board:get', {})).stories[0]!.verdict).toBe('failing');

    const events: BoardStory[][] = [];
    root.onEvent((event, payload) => {
      if (event === 'board:changed') events.push(payload as BoardStory[]);
    });
    await repo.write({ 'src/count.ts': 'export const count = 1;\n' });
    const watch = (await root.services.board.current())!;
    watch.changed(['src/count.ts']);
    await watch.flush();
    expect(events[0]![0]).toMatchObject({ verdict: 'verified', column: 'verified' });

    // Refresh: the recorded run is older than the watch's result, so the card stays as the live view shows it.
    const refreshed = await call<BoardData>('board:get', {});
    expect(refreshed.stories[0]).toMatchObject({ verdict: 'verified', column: 'verified' });
    expect(refreshed.stories[0]!.chips[0]!.status).toBe('pass');
    expect(refreshed.costPerVerifiedUsd).toBe(0); // the costs count the story the board shows verified

    // A verify run after a change the watch did not see is newer than the live result: it wins.
    await repo.write({ 'src/count.ts': 'export const nothing = 1;\n' });
    expect((await call<VerifyRunResult>('verify:run', {})).counts.failing).toBe(1);
    const after = await call<BoardData>('board:get', {});
    expect(after.stories[0]).toMatchObject({ verdict: 'failing', column: 'specified' });
    expect(after.stories[0]!.chips[0]!.status).toBe('fail');
  });

  it('is no_project before a project is open', async () => {
    const r = await root.dispatch('board:get', {}, { face: 'test' });
    expect(r.ok ? null : r.error.code).toBe('no_project');
  });
});
