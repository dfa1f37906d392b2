// The Puffin a paid-result test kills: a root that opens a project and starts one derive against the fake CLI
// (its environment selects the scenario); it prints `started` and never ends by itself.
//   node --import tsx paidRunner.ts <projectDir> <userDataDir> <cliPath>
import { createRoot } from '../../../src/main/app/core';
import { LogBus } from '../../../src/main/base/logger';

const [projectDir, userDataDir, cliPath] = process.argv.slice(2) as [string, string, string];
const root = await createRoot({
  userDataDir,
  platform: { face: 'cli' },
  logBus: new LogBus(),
  llm: { env: () => ({ ...process.env, PUFFIN_CLAUDE_PATH: cliPath }) },
});
const opened = await root.dispatch('project:open', { path: projectDir }, { face: 'cli' });
if (!opened.ok) process.exit(2);
process.stdout.write('started\n');
await root.dispatch(
  'generation:derive',
  { id: 'paid', prompt: 'Stories please', deriveStories: true },
  { face: 'cli' },
);
