/**
 * The composition root: the one function every face (desktop, browser host, headless CLI, tests) calls. It
 * builds every service once and the one door into them, the validating dispatcher; the faces only adapt it
 * (IPC, HTTP + WebSocket, argv + stdout).
 */
import { rootHandlers } from './handlers';
import { createDispatcher, DISPATCH_VALIDATOR_SETUP, type Dispatch } from './dispatcher';
import { LogBus } from '../base/logger';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { storedValidatorFiles } from '../llm/storedValidators';
import { SchemaValidators, VALIDATOR_SETUP, withValidators } from '../llm/validate';
import { APP_VERSION } from '../base/appVersion';
import { buildServices, type Emit, type FacePlatform, type LlmOptions, type Services } from './services';

export type { Emit, FacePlatform, LlmOptions, Services } from './services';

/** A listener of every main → renderer event, for a face to forward. */
export type EventListener = Emit;

export interface RootOptions {
  userDataDir: string;
  platform: FacePlatform;
  logBus?: LogBus;
  llm?: LlmOptions;
}

export interface Root {
  services: Services;
  /** Every request of every face goes through here: contract validation, then the handler, typed errors. */
  dispatch: Dispatch;
  /** Every event the services emit. */
  onEvent(listener: EventListener): () => void;
  /** Resolves when the background work started so far (generated titles, history records) is stored. */
  idle(): Promise<void>;
  /** Cancels every running generation, plan step and one-off prompt (stored as cancelled where stored). */
  cancelAll(): void;
  /** cancelAll, kills every CLI process tree, waits for the writes, detaches every listener, drops `owned`. */
  dispose(): Promise<void>;
  /**
   * What this root keeps in memory for its requests (no other root shares it): its validators. Repo maps are not
   * kept in memory: each build reads and updates the project's own cache on disk.
   */
  owned: { validators: SchemaValidators };
}

/** Written in by the prebuilt bundle (scripts/prebuilt.mjs), which then need not read ajv's package.json (~1 ms). */
declare const __AJV_VERSION__: string | undefined;

/** Ajv's version, part of what a remembered check or stored validator depends on ('unknown' where unreadable). */
function ajvVersion(): string {
  if (typeof __AJV_VERSION__ === 'string') return __AJV_VERSION__;
  try {
    return (createRequire(import.meta.url)('ajv/package.json') as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

export async function createRoot(opts: RootOptions): Promise<Root> {
  const checker = `puffin ${APP_VERSION}, ajv ${ajvVersion()}`;
  const validatorsDir = join(opts.userDataDir, 'cache', 'validators');
  const owned = {
    validators: new SchemaValidators({
      stored: storedValidatorFiles(validatorsDir, `${checker}\n${VALIDATOR_SETUP}`),
    }),
  };
  // Everything a request starts (its calls, its writes, background titles) uses this root's own state.
  const scoped = <T>(job: () => T): T => withValidators(owned.validators, job);
  const logBus = opts.logBus ?? new LogBus();
  const listeners = new Set<EventListener>();
  const emit: Emit = (event, payload) => {
    for (const l of listeners) l(event, payload);
  };
  const { services, stop } = await scoped(() => buildServices({ ...opts, logBus, emit }));
  const { generation, plans, workflows, prompts, gate, info } = services;
  const dispatchAll = createDispatcher(
    rootHandlers(services, opts.platform, emit),
    logBus.logger('ipc'),
    storedValidatorFiles(validatorsDir, `${checker}\n${DISPATCH_VALIDATOR_SETUP}`),
  );
  const dispatch: Dispatch = (channel, payload, ctx) => scoped(() => dispatchAll(channel, payload, ctx));
  const idle = async () => {
    await Promise.all([generation.idle(), plans.idle(), workflows.idle()]);
  };
  const cancelAll = () => {
    generation.cancelAll();
    plans.cancelAll();
    workflows.cancelAll();
    prompts.cancelAll();
    services.agentRuns.cancelAll();
  };

  logBus
    .logger('app')
    .info(`Puffin ${info.version} started (${info.face})`, { userDataDir: opts.userDataDir });
  return {
    services,
    dispatch,
    owned,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    idle,
    cancelAll,
    async dispose() {
      cancelAll();
      await gate.killAll();
      await idle();
      // After the last line is logged: nothing writes into the user-data folder once dispose resolves.
      await stop();
      listeners.clear();
      owned.validators.dispose();
    },
  };
}
