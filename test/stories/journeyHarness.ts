// The app's services (the same composition root the faces use) wired to the real Claude Code CLI and the
// loopback mock of the Messages API, in a real-CLI world (test/support/realCliWorld.ts).
import type { Root, Services } from '../../src/main/app/core';
import type { MockMessagesApi } from '../support/mockMessagesApi';
import { structured, text } from '../support/mockTurns';
import type { MockTurn, MessagesRequestBody, Responder } from '../support/mockTypes';
import type { CliVersionName } from '../support/realCli';
import { createWorldRoot, openWorldRoot } from '../support/realCliRoot';
import { startRealCliWorld } from '../support/realCliWorld';
import type { ServiceDriver } from '../support/serviceDriver';
import { lastToolResults, structuredOutputSchema } from '../support/requestInspection';

export const TITLE = 'Recipe Link Sharing';

/**
 * Title calls get a title, an older CLI's extra turn after a StructuredOutput call gets "Done.", everything
 * else comes from the script in order.
 */
export function respond(body: MessagesRequestBody): MockTurn | undefined {
  const props = (structuredOutputSchema(body)?.properties ?? {}) as Record<string, unknown>;
  if ('title' in props && !('stories' in props)) return structured({ title: TITLE });
  if (lastToolResults(body).length > 0) return text('Done.');
  return undefined;
}

export interface Journey extends ServiceDriver {
  root: Root;
  services: Services;
  mock: MockMessagesApi;
  project: string;
  userData: string;
  env: Record<string, string>;
  /** The root again over the same folders (an app restart). */
  reopen(): Promise<Root>;
  close(): Promise<void>;
}

export async function startJourney(opts: {
  script: MockTurn[];
  which?: CliVersionName;
  loggedIn?: boolean;
  /** Asked before the default replies (e.g. to answer after the model's own Read calls). */
  respond?: Responder;
}): Promise<Journey> {
  const first = opts.respond;
  const world = await startRealCliWorld({
    name: 'journey',
    script: opts.script,
    respond: first ? (body, i) => first(body, i) ?? respond(body) : respond,
    which: opts.which ?? 'current',
    auth: opts.loggedIn === false ? 'none' : 'api-key',
  });
  const { root, driver } = await openWorldRoot(world);
  const all: Root[] = [root];
  return {
    ...driver,
    root,
    services: root.services,
    mock: world.mock,
    project: world.project,
    userData: world.userData,
    env: world.env,
    async reopen() {
      const again = await createWorldRoot(world);
      all.push(again);
      return again;
    },
    async close() {
      for (const r of all) await r.dispose();
      await world.close();
    },
  };
}
