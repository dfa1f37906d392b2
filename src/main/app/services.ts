/**
 * The services every face shares, built once by the composition root (core.ts): settings, the opened project
 * and its store, sendPrompt (one gate, one CLI lookup), the generation and plan services, the assertions engine
 * and the headless tools. Nothing here knows which face calls it.
 */
import path from 'node:path';
import { sweepUserDataTemps } from './startSweep';
import { LogFile, logFilePath } from '../base/logFile';
import { AgentRuns } from '../agent/agentRuns';
import type { AppInfo, EventChannel, EventPayloads, Face } from '../../shared/ipc/contract';
import { createAssertionsService } from '../assertions/assertionsService';
import { ConcurrencyGate } from '../llm/gate';
import { MachineSlots } from '../llm/machineSlots';
import { locateCli, type LocatedCli } from '../engines/claude-cli/locateCli';
import type { SendPrompt } from '../llm/promptTypes';
import type { Spawner } from '../engines/claude-cli/spawnCli';
import type { ProviderLookup } from '../engines/provider';
import { keyVarsOf } from '../engines/providerFacts';
import { createProviders } from '../engines/registry';
import { createGroundingProvider, type GroundingProvider } from '../llm/grounding/callGrounding';
import { DEFAULT_PROVIDER } from '../../shared/engines';
import { createSendPrompt, type SendPromptDeps, type SendPromptSettings } from '../llm/sendPrompt';
import { PlanService } from '../plans/planService';
import { WorkflowRunner } from '../services/workflowRunner';
import { GenerationService } from '../services/generationService';
import { createBoardWatch, type BoardWatch } from '../verify/boardWatch';
import { APP_VERSION } from '../base/appVersion';
import type { LogBus } from '../base/logger';
import { ProjectService } from './projectService';
import { createPromptRuns, type PromptRuns } from './promptRuns';
import { SettingsService } from './settingsService';
import {
  createTrackerKeyStore,
  NO_TRACKER_KEYCHAIN,
  type TrackerKeyStore,
} from '../trackers/credentialStore';
import { apiEnv, createEncryptedKeyStore, noKeychain, type KeyCipher, type KeyStore } from '../base/keyStore';
import { engineChoiceFor } from '../../shared/engineSettings';
import type { Settings } from '../../shared/settings';
import type { WorkflowName } from '../../shared/workflows';

export type Emit = <E extends EventChannel>(event: E, payload: EventPayloads[E]) => void;

/** How the CLI is run; tests point it at the real CLI + mock API and make retries instant. */
export interface LlmOptions {
  /** The CLI's environment and where PUFFIN_CLAUDE_PATH is read (default: this process's). */
  env?: () => NodeJS.ProcessEnv;
  retry?: SendPromptDeps['retry'];
  /** Test/bench override of how the Claude Code CLI is started. */
  spawn?: Spawner;
  /** The desktop app has no shell PATH: also look for `claude` on the login shell's PATH. */
  desktop?: boolean;
  /** The engine of every call that names none, over the settings' (headless `--provider/--model/...`). */
  engine?: SendPromptSettings;
}

/** What differs between faces: native dialogs and the system browser exist only on the desktop. */
export interface FacePlatform {
  face: Face;
  /** Shows a native folder picker; undefined where there is none (browser host, headless CLI). */
  pickFolder?: () => Promise<string | null>;
  openExternal?: (url: string) => Promise<void>;
  /** Opens a file with the system's default app (desktop only): for Puffin's own files, never a project's. */
  openPath?: (path: string) => Promise<void>;
  /**
   * Shows a file selected in the system's file manager, never running it (desktop only). A project's files come
   * with the repository: opening `tools/x.bat`, `x.lnk` or `X.app` with the default action would run it.
   */
  revealPath?: (path: string) => Promise<void>;
  /** The OS keychain's encryption (desktop): API keys can be stored; elsewhere only the environment has them. */
  keyCipher?: KeyCipher;
}

export type AssertionsService = ReturnType<typeof createAssertionsService>;

export interface Services {
  info: AppInfo;
  logBus: LogBus;
  settings: SettingsService;
  projects: ProjectService;
  gate: ConcurrencyGate;
  sendPrompt: SendPrompt;
  /** Every engine, built once: its model list, key variable, base URL and words (Settings, the headless face). */
  providers: ProviderLookup;
  generation: GenerationService;
  plans: PlanService;
  /** Any workflow for a handler, its calls recorded in the project's History when it declares a kind. */
  workflows: WorkflowRunner;
  assertions: AssertionsService;
  /** One-off CLI calls (`prompt:run`, `title:generate`), cancelled with everything else. */
  prompts: PromptRuns;
  /** Where the Claude Code CLI is, by the same lookup every call uses (Settings shows it). */
  locateCli: () => Promise<LocatedCli>;
  /** The environment the face runs with (the CLI's own in tests): where tokens such as GITHUB_TOKEN are read. */
  env: () => NodeJS.ProcessEnv;
  /** The board and the project watch that keeps it live (started by the first board:get). */
  board: BoardWatch;
  /** What grounds a call in a project folder (the read-only tools, the map); `puffin prompt --project` uses it. */
  grounding: GroundingProvider;
  /** API keys kept with the OS keychain (desktop), or the refusal to keep any (browser host, headless). */
  keys: KeyStore;
  /** Tracker credentials kept the same way (src/main/trackers/credentialStore.ts). */
  trackerKeys: TrackerKeyStore;
  /** Coding agents implementing stories (`puffin implement`), cancelled with everything else. */
  agentRuns: AgentRuns;
  /** The retry budget every engine call meets (tests make its waits instant); implement's rounds meet it too. */
  retry?: SendPromptDeps['retry'];
}

/**
 * Builds every service once; `stop` detaches what buildServices subscribed (the root disposes the rest) and resolves
 * once the log file has written every line it was given.
 */
export async function buildServices(opts: {
  userDataDir: string;
  platform: FacePlatform;
  logBus: LogBus;
  emit: Emit;
  llm?: LlmOptions;
}): Promise<{ services: Services; stop: () => Promise<void> }> {
  const { logBus, emit } = opts;
  await sweepUserDataTemps(opts.userDataDir, logBus.logger('app'));
  const settings = new SettingsService(opts.userDataDir, logBus.logger('settings'));
  await settings.load();
  const projects = new ProjectService(settings, logBus.logger('project'));

  // One limit for every Puffin process of this user: the app, the host and headless commands share the slots.
  const gate = new ConcurrencyGate(
    settings.get().maxConcurrent,
    new MachineSlots(path.join(opts.userDataDir, 'engine-slots')),
  );
  const env = opts.llm?.env ?? (() => process.env);
  const desktop = opts.llm?.desktop ?? opts.platform.face === 'electron';
  const findCli = () => locateCli({ settingsPath: settings.get().claudePath, env: env(), desktop });
  const providers = createProviders({
    logger: logBus.logger('llm').child('sendPrompt'),
    // The API engines get the keys kept in the keychain (read at call time); the CLI never does (its own login).
    env: () => apiEnv(env(), keys),
    ...(opts.llm?.retry?.policy ? { retryPolicy: opts.llm.retry.policy } : {}),
    cli: { locate: findCli, env, ...(opts.llm?.spawn ? { spawn: opts.llm.spawn } : {}) },
  });
  const keyVars = keyVarsOf(providers);
  const keys = opts.platform.keyCipher
    ? await createEncryptedKeyStore(opts.userDataDir, opts.platform.keyCipher, logBus.logger('keys'), keyVars)
    : noKeychain(keyVars);
  const trackerKeys = opts.platform.keyCipher
    ? await createTrackerKeyStore(opts.userDataDir, opts.platform.keyCipher, logBus.logger('keys'))
    : NO_TRACKER_KEYCHAIN;
  const sendPrompt = createSendPrompt({
    gate,
    logger: logBus.logger('llm'),
    settings: (workflow) => engineSettings(settings.get(), workflow, opts.llm?.engine),
    providers,
    ...(opts.llm?.retry ? { retry: opts.llm.retry } : {}),
  });
  const project = () => ({ store: projects.requireStore(), path: projects.get()!.path });
  const provider = createGroundingProvider({
    logger: logBus.logger('grounding'),
    // The app and the host serve other clients while a map builds; a headless process serves one call.
    mapPlacement:
      opts.platform.face === 'electron' || opts.platform.face === 'browser' ? 'worker' : 'in-process',
  });
  // The opened project grounds its generations unless it was opened hermetic (`--hermetic`).
  const grounding: GroundingProvider = (root, s, call) =>
    projects.get()?.hermetic ? Promise.resolve(undefined) : provider(root, s, call);
  const generation = new GenerationService({
    sendPrompt,
    project,
    onProgress: (p) => emit('generation:progress', p),
    onChanged: (g) => emit('history:changed', g),
    onActivity: (a) => emit('call:activity', a),
    logger: logBus.logger('generation'),
    grounding,
  });
  const plans = new PlanService({ sendPrompt, project, emit, logger: logBus.logger('plans'), grounding });
  const workflows = new WorkflowRunner({
    sendPrompt,
    store: () => projects.requireStore(),
    logger: logBus.logger('workflows'),
    now: () => new Date(),
    onChanged: (g) => emit('history:changed', g),
    onActivity: (a) => emit('call:activity', a),
  });
  const assertions = createAssertionsService({
    projectDir: () => projects.get()?.path ?? null,
    story: async (id) => (projects.get() ? projects.requireStore().stories.records.get(id) : undefined),
    log: logBus.logger('assertions'),
  });
  const logFile = new LogFile(logFilePath(opts.userDataDir), {}, (err) =>
    logBus.logger('app').warn(`Could not write the log file: ${String(err)}`),
  );
  const info: AppInfo = {
    logFile: logFile.path,
    name: 'Puffin',
    version: APP_VERSION,
    face: opts.platform.face,
    platform: process.platform,
    userDataDir: opts.userDataDir,
    nativeDialogs: Boolean(opts.platform.pickFolder),
  };

  const board = createBoardWatch({
    project: () => {
      const p = projects.get();
      return p ? { path: p.path, store: projects.requireStore() } : null;
    },
    emit: (stories) => emit('board:changed', stories),
    log: logBus.logger('board'),
  });
  const unsubs = [
    () => board.close(),
    projects.onChange(() => board.close()),
    logFile.attach(logBus),
    settings.onChange((s) => gate.setLimit(s.maxConcurrent)),
    logBus.subscribe((line) => emit('log:line', line)),
    settings.onChange((s) => emit('settings:changed', s)),
    projects.onChange((p) => emit('project:changed', p)),
  ];
  const services: Services = {
    locateCli: findCli,
    info,
    logBus,
    settings,
    projects,
    gate,
    sendPrompt,
    providers,
    generation,
    plans,
    workflows,
    assertions,
    prompts: createPromptRuns(sendPrompt),
    env,
    board,
    grounding: provider,
    keys,
    trackerKeys,
    agentRuns: new AgentRuns(),
    ...(opts.llm?.retry ? { retry: opts.llm.retry } : {}),
  };
  return {
    services,
    stop: () => {
      unsubs.forEach((u) => u());
      return logFile.flush();
    },
  };
}

/**
 * The engine of a workflow's calls that name none: the headless flags' (`--provider/--model/...`) over the
 * settings' row for the workflow, else their default engine; claude-cli without a model uses `defaultModel`.
 */
export function engineSettings(
  settings: Pick<Settings, 'defaultModel' | 'engines'>,
  workflow: WorkflowName,
  flags: SendPromptSettings | undefined,
): SendPromptSettings {
  const choice = engineChoiceFor(settings.engines, workflow);
  const provider = flags?.provider ?? choice.provider;
  // The row's model and mode are its provider's: they mean nothing to another engine.
  const row = provider === choice.provider ? choice : undefined;
  const cliModel = provider === DEFAULT_PROVIDER ? settings.defaultModel : '';
  const model = flags?.defaultModel || row?.model || cliModel;
  const baseUrl = flags?.baseUrl || settings.engines.baseUrls[provider];
  const mode = flags?.mode ?? row?.mode;
  return {
    provider,
    ...(model ? { defaultModel: model } : {}),
    ...(baseUrl ? { baseUrl } : {}),
    ...(mode ? { mode } : {}),
  };
}
