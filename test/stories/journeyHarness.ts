// The app's services (the same composition root the faces use) wired to the real Claude Code CLI and the
// loopback mock of the Messages API, with a temporary project, user-data folder and HOME.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  EventChannel,
  EventPayloads,
  RequestChannel,
  RequestOf,
  ResponseOf,
} from '../../src/shared/ipc/contract';
import { createServices, type Services } from '../../src/main/core/services';
import { startMockMessagesApi, type MockMessagesApi } from '../support/mockMessagesApi';
import { structured, text } from '../support/mockTurns';
import type { MockTurn, MessagesRequestBody } from '../support/mockTypes';
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

export interface Journey {
  services: Services;
  mock: MockMessagesApi;
  project: string;
  userData: string;
  env: Record<string, string>;
  events: { event: EventChannel; payload: unknown }[];
  call<C extends RequestChannel>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>>;
  /** Resolves with the first event (past or future) that matches. */
  waitFor<E extends EventChannel>(
    event: E,
    match: (p: EventPayloads[E]) => boolean,
  ): Promise<EventPayloads[E]>;
  /** Services again over the same folders (an app restart). */
  reopen(): Promise<Services>;
  close(): Promise<void>;
}

export async function startJourney(opts: {
  script: MockTurn[];
  which?: CliVersionName;
  loggedIn?: boolean;
}): Promise<Journey> {
  const mock = await startMockMessagesApi({ script: opts.script, respond });
  const home = makeTempHome();
  const root = mkdtempSync(join(tmpdir(), 'puffin-journey-'));
  const project = join(root, 'project');
  const userData = join(root, 'user-data');
  rmSync(project, { recursive: true, force: true });
  const { mkdirSync } = await import('node:fs');
  mkdirSync(project);
  const base = opts.loggedIn === false ? notLoggedInEnv(home.dir, mock.url) : cliEnv(mock.url, home.dir);
  const env = { ...base, PUFFIN_CLAUDE_PATH: claudeExecutable(opts.which ?? 'current') };
  const events: Journey['events'] = [];
  const waiters: { event: EventChannel; match: (p: unknown) => boolean; resolve: (p: unknown) => void }[] =
    [];
  const build = () =>
    createServices({
      userDataDir: userData,
      platform: { face: 'browser' },
      llm: { env: () => env, retry: { deps: { sleep: async () => {}, random: () => 0 } } },
    });
  const all: Services[] = [];
  const services = await build();
  all.push(services);
  services.onEvent((event, payload) => {
    events.push({ event, payload });
    for (const w of [...waiters])
      if (w.event === event && w.match(payload)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(payload);
      }
  });
  const call = async <C extends RequestChannel>(channel: C, request: RequestOf<C>) => {
    const r = await services.dispatch(channel, request, { face: 'test' });
    if (!r.ok) throw Object.assign(new Error(r.error.message), r.error);
    return r.value as ResponseOf<C>;
  };
  await call('project:open', { path: project });
  return {
    services,
    mock,
    project,
    userData,
    env,
    events,
    call,
    waitFor: (event, match) => {
      const past = events.find((e) => e.event === event && match(e.payload as never));
      if (past) return Promise.resolve(past.payload as never);
      return new Promise((resolve) =>
        waiters.push({
          event,
          match: match as (p: unknown) => boolean,
          resolve: resolve as (p: unknown) => void,
        }),
      );
    },
    async reopen() {
      const s = await build();
      all.push(s);
      return s;
    },
    async close() {
      for (const s of all) await s.dispose();
      await mock.close();
      home.cleanup();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
