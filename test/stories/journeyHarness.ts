// The app's services (the same composition root the faces use) wired to the real Claude Code CLI and the
// loopback mock of the Messages API, with a temporary project, user-data folder and HOME.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRoot, type Root, type Services } from '../../src/main/core/core';
import { driveServices, type ServiceDriver } from '../support/serviceDriver';
import { startMockMessagesApi, type MockMessagesApi } from '../support/mockMessagesApi';
import { structured, text } from '../support/mockTurns';
import type { MockTurn, MessagesRequestBody, Responder } from '../support/mockTypes';
import {
  claudeExecutable,
  cliEnv,
  makeTempHome,
  notLoggedInEnv,
  type CliVersionName,
} from '../support/realCli';
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
  const mock = await startMockMessagesApi({
    script: opts.script,
    respond: first ? (body, i) => first(body, i) ?? respond(body) : respond,
  });
  const home = makeTempHome();
  const tmp = mkdtempSync(join(tmpdir(), 'puffin-journey-'));
  const project = join(tmp, 'project');
  const userData = join(tmp, 'user-data');
  rmSync(project, { recursive: true, force: true });
  const { mkdirSync } = await import('node:fs');
  mkdirSync(project);
  const base = opts.loggedIn === false ? notLoggedInEnv(home.dir, mock.url) : cliEnv(mock.url, home.dir);
  const env = { ...base, PUFFIN_CLAUDE_PATH: claudeExecutable(opts.which ?? 'current') };
  const build = () =>
    createRoot({
      userDataDir: userData,
      platform: { face: 'browser' },
      llm: { env: () => env, retry: { deps: { sleep: async () => {}, random: () => 0 } } },
    });
  const all: Root[] = [];
  const root = await build();
  all.push(root);
  const driver = driveServices(root);
  const { events, call } = driver;
  await call('project:open', { path: project });
  return {
    root,
    services: root.services,
    mock,
    project,
    userData,
    env,
    events,
    call,
    fail: driver.fail,
    waitFor: driver.waitFor,
    async reopen() {
      const s = await build();
      all.push(s);
      return s;
    },
    async close() {
      for (const s of all) await s.dispose();
      await mock.close();
      home.cleanup();
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}
