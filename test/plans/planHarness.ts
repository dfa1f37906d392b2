// The app's services wired to the REAL Claude Code CLI and the mock Messages API (as test/stories/journeyHarness, in a real-CLI world),
// with a mock that answers by the StructuredOutput schema the CLI offers: each CRE step gets its own reply.
import type { Root, Services } from '../../src/main/app/core';
import type { MockMessagesApi } from '../support/mockMessagesApi';
import { openWorldRoot } from '../support/realCliRoot';
import { startRealCliWorld } from '../support/realCliWorld';
import type { ServiceDriver } from '../support/serviceDriver';
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

export async function startPlanJourney(replies: PlanReplies): Promise<PlanJourney> {
  const world = await startRealCliWorld({
    name: 'plans',
    respond: responder(replies),
    projectFiles: { 'src/index.ts': 'export const app = 1;\n', 'package.json': '{"name":"demo"}\n' },
  });
  const { root, driver } = await openWorldRoot(world);
  return {
    ...driver,
    root,
    services: root.services,
    mock: world.mock,
    project: world.project,
    env: world.env,
    async close() {
      await root.dispose();
      await world.close();
    },
  };
}
