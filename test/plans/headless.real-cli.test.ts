// `node bin/puffin.cjs sprint create` and `puffin plan analyze|answer|generate|regenerate-item|restore|approve|
// ris|export` end to end: real CLI,
// mock Messages API, one JSON object on stdout, results stored in the project as the app stores them.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Sprint, SprintDetail } from '../../src/shared/plans';
import { structured } from '../support/mockTurns';
import { runPuffin } from '../support/puffinBin';
import { realCliWorld, useRealCliTimeouts } from '../support/realCliTest';
import { plan, planItem, responder, SPRINT_TITLE, type PlanReplies } from './planHarness';

useRealCliTimeouts();

/** Two backlog stories written the way the stories repo writes them. */
function writeStories(project: string): void {
  const dir = join(project, '.puffin', 'stories');
  mkdirSync(dir, { recursive: true });
  for (const id of ['s1', 's2']) {
    const at = `2025-01-01T00:00:0${id.slice(1)}.000Z`;
    const story = {
      id,
      title: `Story ${id}`,
      description: `As a cook, I want ${id}`,
      acceptanceCriteria: [`${id} works`],
      status: 'pending',
      createdAt: at,
      updatedAt: at,
    };
    writeFileSync(join(dir, `${id}.json`), JSON.stringify(story));
  }
}

async function setup(replies: PlanReplies) {
  const world = await realCliWorld({
    respond: responder(replies),
    projectFiles: { 'src/index.ts': 'export {};\n' },
  });
  writeStories(world.project);
  const puffin = async (args: string[]) => {
    const r = await runPuffin(args, { env: world.env, world });
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1); // exactly one JSON object on stdout
    return {
      exitCode: r.exitCode,
      out: JSON.parse(lines[0]!) as { data?: unknown; error?: { code: string } },
    };
  };
  return { project: world.project, puffin };
}

// Each step starts `node bin/puffin.cjs` afresh (tsx, then the real CLI): seconds apiece on a busy machine.
describe('headless plan commands (real CLI)', { timeout: 180_000 }, () => {
  it('sprint create → plan analyze (no questions: plan) → approve → ris → export', async () => {
    const replies: PlanReplies = {
      ambiguities: [{ summary: 'Clear.', questions: [] }],
      plans: [plan([planItem('s1', 1), planItem('s2', 2, { dependencies: ['s1'] })])],
      refinements: [],
      ris: (id) =>
        structured({
          markdown: `# RIS ${id}`,
          sections: { context: 'c', objective: 'o', navigation: 'n', instructions: 'i', conventions: 'v' },
        }),
      assertions: () => structured({ assertions: [] }),
      sprintAssertions: () => structured({}),
    };
    const { project, puffin } = await setup(replies);

    const created = await puffin(['sprint', 'create', '--project', project, '--stories', 's1,s2']);
    expect(created.exitCode).toBe(0);
    const sprint = created.out.data as Sprint;
    expect(sprint).toMatchObject({ title: SPRINT_TITLE, storyIds: ['s1', 's2'], status: 'open' });

    const analysed = await puffin(['plan', 'analyze', '--project', project, '--sprint', sprint.id]);
    expect(analysed.exitCode).toBe(0);
    const detail = analysed.out.data as SprintDetail;
    expect(detail.questions?.questions).toEqual([]);
    expect(detail.plan?.revisions.map((r) => r.kind)).toEqual(['generated']);
    expect(existsSync(join(project, '.puffin', 'plans', `${sprint.id}.json`))).toBe(true);

    const early = await puffin(['plan', 'ris', '--project', project, '--sprint', sprint.id]);
    expect(early).toMatchObject({ exitCode: 1, out: { error: { code: 'not_approved' } } });
    // The plan creates src/feature1.ts and modifies src/index.ts, which exists: nothing to accept.
    const approved = await puffin(['plan', 'approve', '--project', project, '--sprint', sprint.id]);
    expect(approved.exitCode).toBe(0);
    expect((approved.out.data as SprintDetail).plan?.approved?.revision).toBe(1);

    const ris = await puffin(['plan', 'ris', '--project', project, '--sprint', sprint.id]);
    expect(ris.exitCode).toBe(0);
    expect((ris.out.data as SprintDetail).ris.map((r) => r.markdown)).toEqual(['# RIS s1', '# RIS s2']);

    const exported = await puffin(['plan', 'export', '--project', project, '--sprint', sprint.id]);
    expect(exported.exitCode).toBe(0);
    const { path } = exported.out.data as { path: string };
    expect(path).toMatch(/^docs\/puffin\/.+\.md$/);
    expect(await readFile(join(project, path), 'utf8')).toContain('# RIS s1');
  });

  it('plan answer → generate → regenerate-item (others kept) → restore; history keeps each model call', async () => {
    const question = {
      storyId: 's1',
      question: 'Public links?',
      reason: 'r',
      suggestions: [],
      priority: 'high',
    };
    const first = plan([planItem('s1', 1), planItem('s2', 2)]);
    const replies: PlanReplies = {
      ambiguities: [{ summary: 'One question.', questions: [question] }],
      plans: [
        first,
        plan([planItem('s1', 1, { approach: 'CHANGED' }), planItem('s2', 2, { approach: 'Simpler' })]),
      ],
      refinements: [],
      ris: () => structured({}),
      assertions: () => structured({ assertions: [] }),
      sprintAssertions: () => structured({}),
    };
    const { project, puffin } = await setup(replies);
    const sprint = (
      await puffin(['sprint', 'create', '--project', project, '--stories', 's1,s2', '--title', 'S'])
    ).out.data as Sprint;
    const at = ['--project', project, '--sprint', sprint.id];

    const analysed = await puffin(['plan', 'analyze', ...at]);
    expect((analysed.out.data as SprintDetail).plan).toBeNull(); // a question: no plan yet
    const answersFile = join(project, 'answers.json');
    writeFileSync(answersFile, JSON.stringify({ q1: 'Only with a token.' }));
    const answered = await puffin(['plan', 'answer', ...at, '--answers-file', answersFile]);
    expect(answered.exitCode).toBe(0);
    expect((answered.out.data as SprintDetail).questions?.answers).toEqual({ q1: 'Only with a token.' });

    expect((await puffin(['plan', 'generate', ...at])).exitCode).toBe(0);
    const feedbackFile = join(project, 'feedback.txt');
    writeFileSync(feedbackFile, 'Make it simpler.\n');
    const regenerated = await puffin([
      'plan',
      'regenerate-item',
      ...at,
      '--story',
      's2',
      '--feedback-file',
      feedbackFile,
    ]);
    expect(regenerated.exitCode).toBe(0);
    const revisions = (regenerated.out.data as SprintDetail).plan!.revisions;
    expect(revisions.map((r) => r.kind)).toEqual(['generated', 'item_regenerated']);
    expect(revisions[1]).toMatchObject({ regeneratedStoryId: 's2', feedback: 'Make it simpler.' });
    // Only s2's item changed, although the model rewrote s1's too.
    expect(revisions[1]!.plan.planItems.map((i) => i.approach)).toEqual([
      first.planItems[0]!.approach,
      'Simpler',
    ]);

    const restored = await puffin(['plan', 'restore', ...at, '--revision', '1']);
    expect(restored.exitCode).toBe(0);
    expect((restored.out.data as SprintDetail).plan).toMatchObject({ current: 3 });
    expect((restored.out.data as SprintDetail).plan!.revisions[2]).toMatchObject({
      kind: 'restored',
      plan: first,
    });
    // A value the contract refuses is its invalid_payload (as in the app); a missing flag is the parser's.
    expect(await puffin(['plan', 'restore', ...at, '--revision', 'two'])).toMatchObject({
      exitCode: 1,
      out: { error: { code: 'invalid_payload' } },
    });
    expect(await puffin(['plan', 'regenerate-item', ...at])).toMatchObject({
      exitCode: 1,
      out: { error: { code: 'invalid_arguments' } },
    });

    // Each model call is in the project's history, like the app keeps it.
    const history = join(project, '.puffin', 'local', 'history');
    const kinds = await Promise.all(
      readdirSync(history)
        .filter((f) => f.endsWith('.json'))
        .map(async (f) => (JSON.parse(await readFile(join(history, f), 'utf8')) as { kind: string }).kind),
    );
    expect(kinds.sort()).toEqual(['plan-analyze', 'plan-generate', 'plan-item']);
  });

  it('errors are one-object errors with exit 1: missing --sprint, unknown sprint', async () => {
    const { project, puffin } = await setup({
      ambiguities: [],
      plans: [],
      refinements: [],
      ris: () => structured({}),
      assertions: () => structured({}),
      sprintAssertions: () => structured({}),
    });
    expect(await puffin(['plan', 'analyze', '--project', project])).toMatchObject({
      exitCode: 1,
      out: { error: { code: 'invalid_arguments' } },
    });
    expect(await puffin(['plan', 'export', '--project', project, '--sprint', 'nope'])).toMatchObject({
      exitCode: 1,
      out: { error: { code: 'not_found' } },
    });
  });
});
