// The app's services wired to the REAL Claude Code CLI and the mock Messages API (as test/stories/journeyHarness),
// with a mock that answers by the StructuredOutput schema the CLI offers: each CRE step gets its own reply.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRoot, type Root, type Services } from '../../src/main/core/core';
import { driveServices, type ServiceDriver } from '../support/serviceDriver';
import { startMockMessagesApi, type MockMessagesApi } from '../support/mockMessagesApi';
import { claudeExecutable, cliEnv, makeTempHome } from '../support/realCli';
import { plan, planItem, planResponder, promptStoryId, type PlanReplies } from '../support/planReplies';

export const SPRINT_TITLE = 'Recipe Sharing Sprint';

export type { PlanReplies };

export const responder = (replies: PlanReplies) => planResponder(replies, SPRINT_TITLE);

export { plan, planItem, promptStoryId };

export interface PlanJourney extends ServiceDriver {
  root: Root;
  services: Services;
  mock: MockMessagesApi;
  project: string;
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A project with a few files, so plan file checks have something to find. */
export function writeProjectFiles(project: string, files: Record<string, string>): void {
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(dirname(join(project, rel)), { recursive: true });
    writeFileSync(join(project, rel), content);
  }
}

export async function startPlanJourney(replies: PlanReplies): Promise<PlanJourney> {
  const mock = await startMockMessagesApi({ script: [], respond: responder(replies) });
  const home = makeTempHome();
  const tmp = mkdtempSync(join(tmpdir(), 'puffin-plans-'));
  const project = join(tmp, 'project');
  mkdirSync(project);
  writeProjectFiles(project, {
    'src/index.ts': 'export const app = 1;\n',
    'package.json': '{"name":"demo"}\n',
  });
  const env = { ...cliEnv(mock.url, home.dir), PUFFIN_CLAUDE_PATH: claudeExecutable('current') };
  const root = await createRoot({
    userDataDir: join(tmp, 'user-data'),
    platform: { face: 'browser' },
    llm: { env: () => env, retry: { deps: { sleep: async () => {}, random: () => 0 } } },
  });
  const driver = driveServices(root);
  const { events, call, fail } = driver;
  await call('project:open', { path: project });
  return {
    root,
    services: root.services,
    mock,
    project,
    env,
    events,
    call,
    fail,
    waitFor: driver.waitFor,
    async close() {
      await root.dispose();
      await mock.close();
      home.cleanup();
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}
