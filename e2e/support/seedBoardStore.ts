// Writes the board journey's store (one sprint story with an assertion, a 5,000-story backlog) through the app's own
// store modules. It runs in its own `node --import tsx` process because Playwright's loader cannot import main code:
// the store's record schemas are JSON modules, which Node's ESM loader refuses without an import attribute.
import { join } from 'node:path';
import { seedSprintStory } from '../../test/support/proofProject';
import { StoriesRepo } from '../../src/main/store/storiesRepo';

const projectDir = process.argv[2];
if (!projectDir) throw new Error('usage: seedBoardStore.ts <projectDir>');

await seedSprintStory(projectDir, {
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
const drafts = Array.from({ length: 5000 }, (_, i) => ({
  title: `Backlog story ${i}`,
  description: '',
  acceptanceCriteria: [],
}));
await new StoriesRepo(join(projectDir, '.puffin')).accept(drafts);
