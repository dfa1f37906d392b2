/**
 * The services every face shares, built once: settings, the opened project and its store, sendPrompt (one
 * gate, one CLI lookup) and the generation service. createServices (Electron, browser host) adds the IPC
 * handlers on top; the headless CLI uses this directly, so it stores results exactly as the app does.
 */
import type { EventChannel, EventPayloads } from '../../shared/ipc/contract';
import { ConcurrencyGate } from '../llm/gate';
import { locateCli } from '../llm/locateCli';
import type { SendPrompt } from '../llm/promptTypes';
import { createSendPrompt, type SendPromptDeps } from '../llm/sendPrompt';
import { PlanService } from '../plans/planService';
import { GenerationService } from '../services/generationService';
import type { LogBus } from './logger';
import { ProjectService } from './projectService';
import { SettingsService } from './settingsService';

export type Emit = <E extends EventChannel>(event: E, payload: EventPayloads[E]) => void;

/** How the CLI is run; tests point it at the real CLI + mock API and make retries instant. */
export interface LlmOptions {
  /** The CLI's environment and where PUFFIN_CLAUDE_PATH is read (default: this process's). */
  env?: () => NodeJS.ProcessEnv;
  retry?: SendPromptDeps['retry'];
  spawn?: SendPromptDeps['spawn'];
  /** The desktop app has no shell PATH: also look for `claude` on the login shell's PATH. */
  desktop?: boolean;
}

export interface Core {
  settings: SettingsService;
  projects: ProjectService;
  gate: ConcurrencyGate;
  sendPrompt: SendPrompt;
  generation: GenerationService;
  plans: PlanService;
  /** Cancels running generations (stored as cancelled), kills every CLI process tree, waits for the writes. */
  dispose(): Promise<void>;
}

export async function buildCore(opts: {
  userDataDir: string;
  logBus: LogBus;
  emit: Emit;
  llm?: LlmOptions;
}): Promise<Core> {
  const { logBus, emit } = opts;
  const settings = new SettingsService(opts.userDataDir, logBus.logger('settings'));
  await settings.load();
  const projects = new ProjectService(settings, logBus.logger('project'));

  const gate = new ConcurrencyGate(settings.get().maxConcurrent);
  const unsubscribe = settings.onChange((s) => gate.setLimit(s.maxConcurrent));
  const env = opts.llm?.env ?? (() => process.env);
  const sendPrompt = createSendPrompt({
    locate: () =>
      locateCli({ settingsPath: settings.get().claudePath, env: env(), desktop: opts.llm?.desktop ?? false }),
    gate,
    logger: logBus.logger('llm'),
    settings: () => ({ defaultModel: settings.get().defaultModel }),
    env,
    ...(opts.llm?.retry ? { retry: opts.llm.retry } : {}),
    ...(opts.llm?.spawn ? { spawn: opts.llm.spawn } : {}),
  });
  const generation = new GenerationService({
    sendPrompt,
    project: () => {
      const store = projects.requireStore();
      return { store, path: projects.get()!.path };
    },
    onProgress: (p) => emit('generation:progress', p),
    onChanged: (g) => emit('history:changed', g),
    logger: logBus.logger('generation'),
  });

  const plans = new PlanService({
    sendPrompt,
    project: () => ({ store: projects.requireStore(), path: projects.get()!.path }),
    emit,
    logger: logBus.logger('plans'),
  });

  return {
    settings,
    projects,
    gate,
    sendPrompt,
    generation,
    plans,
    async dispose() {
      generation.cancelAll();
      plans.cancelAll();
      await gate.killAll();
      await Promise.all([generation.idle(), plans.idle()]);
      unsubscribe();
    },
  };
}
