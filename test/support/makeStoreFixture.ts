// Writes test/fixtures/store-v<N>/: the contents of a project's `.puffin/` folder exactly as the app of store
// version N (the current STORE_VERSION) writes it, produced by driving the app's services (the real Claude Code CLI
// against the mock Messages API, as the journey tests do) through every journey that stores something: project
// settings, stories derive / modify / plain prompt (history with raw CLI lines), accepted and edited stories, two
// sprints (one planned through questions, answers, generate, refine, restore, approve and specs, one closed), and
// assertion runs. The store migration test opens a copy of a fixture written by an older version and checks that
// nothing is lost (test/fixtures/store-v1 was written by this script with the code of version 1).
//
//   npx tsx test/support/makeStoreFixture.ts [outDir]     (default test/fixtures/store-v<STORE_VERSION>)
import { cpSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STORE_DIR, STORE_VERSION } from '../../src/main/store/storeMeta';
import type { Generation } from '../../src/shared/stories';
import { httpError, structured, text } from './mockTurns';
import type { MessagesRequestBody, MockTurn } from './mockTypes';
import { assertionsFor, plan, planItem, planResponder, risFor, type PlanReplies } from './planReplies';
import { createWorldRoot } from './realCliRoot';
import { startRealCliWorld } from './realCliWorld';
import { driveServices } from './serviceDriver';
import { lastToolResults, structuredOutputSchema } from './requestInspection';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const outDir = process.argv[2] ?? join(root, 'test', 'fixtures', `store-v${STORE_VERSION}`);

const draft = (n: number) => ({
  title: `Share recipe ${n}`,
  description: `As a cook, I want sharing option ${n} so that friends can cook my recipes`,
  acceptanceCriteria: [`Option ${n} is offered`, `Option ${n} works offline`],
});

const storyQueue: unknown[][] = [];
const planReplies: PlanReplies = {
  ambiguities: [],
  plans: [],
  refinements: [],
  ris: risFor,
  assertions: assertionsFor,
  sprintAssertions: () => structured({}),
};
const planRespond = planResponder(planReplies, 'Recipe Sharing Sprint');

function respond(body: MessagesRequestBody): MockTurn | undefined {
  const schema = structuredOutputSchema(body);
  const props = (schema?.properties ?? {}) as Record<string, unknown>;
  if (lastToolResults(body).length > 0) return text('Done.');
  if ('stories' in props) return structured({ stories: storyQueue.shift() });
  if ('markdown' in props && !('sections' in props))
    return structured({ markdown: '# Sharing\n\nUse signed links that expire after a week.' });
  return planRespond(body);
}

async function main(): Promise<void> {
  const world = await startRealCliWorld({
    name: 'store-fixture',
    respond,
    projectFiles: {
      'src/index.ts': 'export const feature = 1;\n',
      'src/feature1.ts': 'export const share = () => 1;\n',
      'package.json': '{"name":"recipes"}\n',
    },
  });
  const project = world.project;
  const root = await createWorldRoot(world);
  const { call, waitFor } = driveServices(root, world);
  const titled = (id: string) =>
    waitFor('history:changed', (g: Generation) => g.id === id && g.title !== '' && g.status !== 'running');
  try {
    await call('project:open', { path: project });
    await call('projectSettings:update', { description: 'A recipe manager.', conventions: 'Small PRs.' });

    storyQueue.push([draft(1), draft(2), draft(3)]);
    const derived = await call('generation:derive', {
      id: 'gen-derive',
      prompt: 'Let cooks share recipes',
      deriveStories: true,
    });
    await titled('gen-derive');
    const reviewed = derived.stories!.map((s, i) => ({ ...s, locked: i === 0 }));
    storyQueue.push([draft(1), { ...draft(2), title: 'Share recipe 2 by link' }, draft(3), draft(4)]);
    const modified = await call('generation:modify', {
      id: 'gen-modify',
      parentId: 'gen-derive',
      feedback: 'Split sharing by link into its own story.',
      stories: reviewed,
    });
    await titled('gen-modify');
    await call('generation:derive', {
      id: 'gen-prompt',
      prompt: 'How should links expire?',
      deriveStories: false,
    });
    await titled('gen-prompt');

    const drafts = modified.stories!.map(({ title, description, acceptanceCriteria }) => ({
      title,
      description,
      acceptanceCriteria,
    }));
    const stories = await call('stories:accept', { generationId: 'gen-modify', drafts });
    const [a, b, c, d] = stories.map((s) => s.id) as [string, string, string, string];
    await call('stories:update', {
      id: d,
      patch: { status: 'in_progress', title: 'Share recipe 4 (edited)' },
    });

    const sprint = await call('sprints:create', { storyIds: [a, b, c] });
    await waitFor('sprints:changed', (l) => l.some((s) => s.id === sprint.id && s.title !== sprint.title));
    planReplies.ambiguities.push({
      summary: 'Sharing scope is unclear.',
      questions: [
        {
          storyId: a,
          question: 'Public links?',
          reason: 'Auth',
          suggestions: ['Yes', 'No'],
          priority: 'high',
        },
        { storyId: b, question: 'Expiry?', reason: 'Storage', suggestions: ['7 days'], priority: 'low' },
      ],
    });
    await call('plan:analyze', { sprintId: sprint.id });
    await call('plan:answer', { sprintId: sprint.id, answers: { q1: 'Only signed-in cooks', q2: '7 days' } });
    planReplies.plans.push(plan([planItem(a, 1), planItem(b, 2, { dependencies: [a] }), planItem(c, 3)]));
    await call('plan:generate', { sprintId: sprint.id });
    planReplies.refinements.push({
      plan: plan([planItem(a, 1), planItem(b, 2, { dependencies: [a] }), planItem(c, 3, { notes: 'Last' })]),
      changelog: ['Added a note to the last item'],
      followUpQuestions: [{ storyId: c, question: 'Keep old links?', reason: 'Migration' }],
    });
    await call('plan:refine', { sprintId: sprint.id, feedback: 'Say which item comes last.' });
    await call('plan:restore', { sprintId: sprint.id, revision: 1 });
    await call('plan:approve', { sprintId: sprint.id, acceptFileMismatches: true });
    // One story's RIS fails, so specs also hold an error next to the partial results.
    planReplies.ris = (id) => (id === b ? httpError(400, { message: `bad request for ${id}` }) : risFor(id));
    planReplies.sprintAssertions = () =>
      structured({ [a]: [{ type: 'FILE_EXISTS', target: 'src/index.ts', message: 'entry', assertion: {} }] });
    await call('plan:specs', { sprintId: sprint.id });

    await call('assertions:run', { storyId: a });
    await call('assertions:run', { storyId: a, assertionIds: ['A1'] });
    await call('assertions:run', { storyId: c });

    const closed = await call('sprints:create', { storyIds: [d], title: 'Later' });
    await call('sprints:update', { id: closed.id, patch: { status: 'closed' } });
    await root.services.generation.idle();
    rmSync(outDir, { recursive: true, force: true });
    cpSync(join(project, STORE_DIR), outDir, { recursive: true });
  } finally {
    await root.dispose();
    await world.close();
  }
  process.stdout.write(`wrote ${outDir}\n`);
}

await main();
