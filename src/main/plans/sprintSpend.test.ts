// The budget refusal as the app meets it: a sprint with a budget its recorded calls have spent refuses the next
// model call with budget_exceeded (naming the spend) before any CLI starts, through the root's dispatcher.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_META, type Generation } from '../../shared/stories';
import type { Sprint } from '../../shared/plans';
import { createRoot, type Root } from '../app/core';
import { spentBy } from './sprintSpend';

let dir: string;
let root: Root;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'puffin-budget-'));
  // A CLI that does not exist: a call that got past the budget would fail with cli_not_found instead.
  const env = { PATH: '', PUFFIN_CLAUDE_PATH: path.join(dir, 'no-claude') };
  root = await createRoot({
    userDataDir: path.join(dir, 'user'),
    platform: { face: 'cli' },
    llm: { env: () => env },
  });
});
afterEach(async () => {
  await root.dispose();
  await rm(dir, { recursive: true, force: true });
});

async function call<T>(channel: string, payload: unknown): Promise<T> {
  const r = await root.dispatch(channel, payload, { face: 'test' });
  if (!r.ok)
    throw Object.assign(new Error(r.error.message), { code: r.error.code, details: r.error.details });
  return r.value as T;
}

function spent(id: string, sprintId: string, costUsd: number): Generation {
  const at = new Date().toISOString();
  return {
    id,
    kind: 'plan-analyze',
    title: 't',
    prompt: 'p',
    sprintId,
    status: 'succeeded',
    createdAt: at,
    finishedAt: at,
    warnings: [],
    meta: { ...EMPTY_META, costUsd },
  };
}

describe('a sprint budget', () => {
  it('refuses a call once the recorded calls spent it, naming the spend; removing the budget lifts it', async () => {
    const project = path.join(dir, 'project');
    await mkdir(project);
    await call('project:open', { path: project });
    await call('stories:accept', { drafts: [{ title: 'S', description: 'd', acceptanceCriteria: ['c'] }] });
    const [story] = await call<{ id: string }[]>('stories:list', {});
    const sprint = await call<Sprint>('sprints:create', { storyIds: [story!.id], title: 'Budgeted' });
    expect((await call<Sprint>('sprints:update', { id: sprint.id, patch: { budgetUsd: 1 } })).budgetUsd).toBe(
      1,
    );
    const history = root.services.projects.requireStore().history;
    await history.put(spent('h1', sprint.id, 0.75));
    await history.put(spent('h2', sprint.id, 0.3));
    await history.put(spent('h3', 'other-sprint', 5));

    const refused = await call('plan:analyze', { sprintId: sprint.id }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'budget_exceeded', details: { sprintId: sprint.id, limitUsd: 1 } });
    expect((refused as Error).message).toContain('has spent $1.05 of its $1.00 budget');

    await call('sprints:update', { id: sprint.id, patch: { budgetUsd: null } });
    const ran = await call('plan:analyze', { sprintId: sprint.id }).catch((e: unknown) => e);
    expect((ran as { code: string }).code).toBe('cli_not_found');
  });

  it('a budget must be positive (the contract refuses 0)', async () => {
    const r = await root.dispatch('sprints:update', { id: 's', patch: { budgetUsd: 0 } }, { face: 'test' });
    expect(r.ok ? null : r.error.code).toBe('invalid_payload');
  });
});

describe('spentBy', () => {
  it('sums the costs recorded for the sprint, a missing cost as 0', () => {
    const none = { ...spent('x', 'S', 0), meta: { ...EMPTY_META } };
    expect(spentBy([spent('a', 'S', 0.5), spent('b', 'T', 2), none, spent('c', 'S', 0.25)], 'S')).toBe(0.75);
  });
});
