// Every call of a workflow that declares a history kind leaves exactly one History record, from the headless face
// and from the browser host alike: runWorkflow records it, and the services that used to record on their own
// (the stories generations, the plan steps) no longer add a second one.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Face, RequestChannel } from '../../src/shared/ipc/contract';
import type { Generation } from '../../src/shared/stories';
import type { Sprint, SprintDetail } from '../../src/shared/plans';
import { fakeClaudeEnv } from '../support/fakeCli';
import { createFakeClaudeRoot, type FakeClaudeRoot } from '../support/fakeClaudeRoot';

let dir: string;
let puffin: FakeClaudeRoot;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'puffin-recorded-once-'));
  puffin = await createFakeClaudeRoot(dir);
  await puffin.root.services.projects.open(dir);
});
afterEach(async () => {
  await puffin.root.dispose();
  await rm(dir, { recursive: true, force: true });
});

async function call<T>(face: Face, channel: RequestChannel, payload: unknown): Promise<T> {
  const r = await puffin.root.dispatch(channel, payload, { face });
  if (!r.ok) throw Object.assign(new Error(r.error.message), r.error);
  return r.value as T;
}

/** The History records on disk (raw-line files beside them are not records). */
async function records(): Promise<Generation[]> {
  const folder = join(dir, '.puffin', 'local', 'history');
  const names = (await readdir(folder)).filter((n) => n.endsWith('.json'));
  return Promise.all(
    names.map(async (n) => JSON.parse(await readFile(join(folder, n), 'utf8')) as Generation),
  );
}

const answer = (output: unknown) => Object.assign(puffin.env, fakeClaudeEnv({ scenario: 'happy', output }));
const stories = { stories: [{ title: 'Share', description: 'As a cook', acceptanceCriteria: ['works'] }] };

describe('a workflow with a history kind is recorded once, whichever face calls it', () => {
  it('stories generations and plan steps from the CLI face and the browser host', async () => {
    for (const face of ['cli', 'browser'] as const) {
      answer(stories);
      await call(face, 'generation:derive', { id: `derive-${face}`, prompt: 'share', deriveStories: true });
      await call(face, 'generation:derive', { id: `prompt-${face}`, prompt: 'hello', deriveStories: false });
    }
    await puffin.root.idle();
    const accepted = await call<{ id: string }[]>('cli', 'stories:accept', { drafts: stories.stories });
    const sprint = await call<Sprint>('cli', 'sprints:create', { storyIds: [accepted[0]!.id], title: 'S' });
    const question = { question: 'Public?', reason: 'Links', suggestions: ['yes'], priority: 'high' };
    // One open question: the analysis stops there, without going on to generate the plan.
    answer({ questions: [{ storyId: accepted[0]!.id, ...question }], summary: 'One question.' });
    for (const face of ['cli', 'browser'] as const)
      await call<SprintDetail>(face, 'plan:analyze', { sprintId: sprint.id });
    await puffin.root.idle();

    const all = await records();
    const count = (kind: string) => all.filter((g) => g.kind === kind).length;
    expect(
      all
        .map((g) => g.id)
        .filter((id) => id.startsWith('derive-') || id.startsWith('prompt-'))
        .sort(),
    ).toEqual(['derive-browser', 'derive-cli', 'prompt-browser', 'prompt-cli']);
    expect(count('derive')).toBe(2);
    expect(count('prompt')).toBe(2);
    expect(count('plan-analyze')).toBe(2);
    expect(all.filter((g) => g.kind === 'plan-analyze').every((g) => g.sprintId === sprint.id)).toBe(true);
    // The plain prompt's text answer is not what the scripted fake gives: failed, but recorded all the same.
    expect(all.filter((g) => g.kind !== 'prompt').every((g) => g.status === 'succeeded')).toBe(true);
    expect(all.filter((g) => g.kind === 'prompt').every((g) => g.status === 'failed')).toBe(true);
  }, 60_000);

  it('a workflow run by the root generic runner is recorded once, titled by the prompts first words', async () => {
    answer(stories);
    const project = { description: '', conventions: '' };
    const r = await puffin.root.services.workflows.run('deriveStories', {
      request: 'share recipes',
      project,
    });
    expect(r.data.map((s) => s.title)).toEqual(['Share']);
    await puffin.root.idle();
    const all = await records();
    expect(all.map((g) => [g.kind, g.status])).toEqual([['derive', 'succeeded']]);
    // No subject: the title is the prompt's first words.
    expect(all[0]!.prompt).toContain('share recipes');
    expect(all[0]!.prompt.startsWith(all[0]!.title)).toBe(true);
  });
});
