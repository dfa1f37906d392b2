// Writes a small store for the accessibility pass (one sprint story with an assertion and a few backlog stories), so
// every panel shows its lists, cards and badges rather than only its empty state. It runs in its own tsx process for
// the reason seedBoardStore.ts gives.
import { join } from 'node:path';
import { plan, planItem } from '../../test/support/planReplies';
import { seedSprintStory } from '../../test/support/proofProject';
import { PlanStore } from '../../src/main/plans/planStore';
import { StoriesRepo } from '../../src/main/store/storiesRepo';

const projectDir = process.argv[2];
if (!projectDir) throw new Error('usage: seedA11yStore.ts <projectDir>');

const { storyId, sprintId } = await seedSprintStory(projectDir, {
  story: {
    title: 'Export the backlog',
    description: 'As a PM I want a CSV.',
    acceptanceCriteria: ['toCsv'],
  },
  sprintTitle: 'Export',
  assertions: [
    {
      id: 'csv',
      type: 'FILE_CONTAINS',
      target: 'src/csv.ts',
      message: 'has toCsv',
      assertion: { content: 'toCsv' },
    },
  ],
});
await new StoriesRepo(join(projectDir, '.puffin')).accept(
  ['Import a CSV', 'Share a link'].map((title) => ({
    title,
    description: `As a user I want to ${title.toLowerCase()}.`,
    acceptanceCriteria: ['It works'],
  })),
);
// The sprint's plan: generated, then its one item regenerated (the heading and changelog name the story).
const at = new Date().toISOString();
await new PlanStore(join(projectDir, '.puffin')).plans.put({
  sprintId,
  current: 2,
  revisions: [
    {
      number: 1,
      kind: 'generated',
      createdAt: at,
      plan: plan([planItem(storyId, 1)]),
      changelog: [],
      followUpQuestions: [],
    },
    {
      number: 2,
      kind: 'item_regenerated',
      createdAt: at,
      plan: plan([planItem(storyId, 1, { complexity: 'high' })]),
      changelog: [`Regenerated the plan item of story ${storyId}.`],
      followUpQuestions: [],
      regeneratedStoryId: storyId,
    },
  ],
});
