// Writes the tracker journey's project: one sprint story whose first criterion is proven and whose second is not,
// through the app's own store modules (in a `node --import tsx` process: see seedBoardStore.ts for why).
import { seedTrackerStory } from '../../test/support/trackerProject';

const projectDir = process.argv[2];
if (!projectDir) throw new Error('usage: seedTrackerStore.ts <projectDir>');
await seedTrackerStory(projectDir);
