// The app's services wired to the REAL Claude Code CLI and the mock Messages API (as test/stories/journeyHarness),
// with a mock that answers by the StructuredOutput schema the CLI offers: each CRE step gets its own reply.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type {
  EventChannel,
  EventPayloads,
  RequestChannel,
  RequestOf,
  ResponseOf,
} from '../../src/shared/ipc/contract';
import { createServices, type Services } from '../../src/main/core/services';
import { startMockMessagesApi, type MockMessagesApi } from '../support/mockMessagesApi';
import { claudeExecutable, cliEnv, makeTempHome } from '../support/realCli';
import { plan, planItem, planResponder, promptStoryId, type PlanReplies } from '../support/planReplies';

export const SPRINT_TITLE = 'Recipe Sharing Sprint';

export type { PlanReplies };

export const responder = (replies: PlanReplies) => planResponder(replies, SPRINT_TITLE);

export { plan, planItem, promptStoryId };

export interface PlanJourney {
  services: Services;
  mock: MockMessagesApi;
  project: string;
  env: Record<string, string>;
  events: { event: EventChannel; payload: unknown }[];
  call<C extends RequestChannel>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>>;
  /** The IPC error of a call that must fail. */
  fail<C extends RequestChannel>(
    channel: C,
    request: RequestOf<C>,
  ): Promise<{ code: string; details?: unknown }>;
  /** Resolves with the first event (past or future) that matches. */
  waitFor<E extends EventChannel>(
    event: E,
    match: (p: EventPayloads[E]) => boolean,
  ): Promise<EventPayloads[E]>;
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
  const root = mkdtempSync(join(tmpdir(), 'puffin-plans-'));
  const project = join(root, 'project');
  mkdirSync(project);
  writeProjectFiles(project, {
    'src/index.ts': 'export const app = 1;\n',
    'package.json': '{"name":"demo"}\n',
  });
  const env = { ...cliEnv(mock.url, home.dir), PUFFIN_CLAUDE_PATH: claudeExecutable('current') };
  const services = await createServices({
    userDataDir: join(root, 'user-data'),
    platform: { face: 'browser' },
    llm: { env: () => env, retry: { deps: { sleep: async () => {}, random: () => 0 } } },
  });
  const events: PlanJourney['events'] = [];
  const waiters: { event: EventChannel; match: (p: never) => boolean; resolve: (p: never) => void }[] = [];
  services.onEvent((event, payload) => {
    events.push({ event, payload });
    for (const w of [...waiters])
      if (w.event === event && w.match(payload as never)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(payload as never);
      }
  });
  const dispatch = <C extends RequestChannel>(channel: C, request: RequestOf<C>) =>
    services.dispatch(channel, request, { face: 'test' });
  const call = async <C extends RequestChannel>(channel: C, request: RequestOf<C>) => {
    const r = await dispatch(channel, request);
    if (!r.ok) throw Object.assign(new Error(`${channel}: ${r.error.code} ${r.error.message}`), r.error);
    return r.value as ResponseOf<C>;
  };
  const fail = async <C extends RequestChannel>(channel: C, request: RequestOf<C>) => {
    const r = await dispatch(channel, request);
    if (r.ok) throw new Error(`${channel} was expected to fail`);
    return r.error;
  };
  await call('project:open', { path: project });
  return {
    services,
    mock,
    project,
    env,
    events,
    call,
    fail,
    waitFor: (event, match) => {
      const past = events.find((e) => e.event === event && match(e.payload as never));
      if (past) return Promise.resolve(past.payload as never);
      return new Promise((resolve) => waiters.push({ event, match, resolve }));
    },
    async close() {
      await services.dispose();
      await mock.close();
      home.cleanup();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
