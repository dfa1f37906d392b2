import type { EventChannel, EventPayloads, Face, AppInfo } from '../../shared/ipc/contract';
import { isSafeExternalUrl } from '../../shared/urls';
import { createAssertionsService } from '../assertions/assertionsService';
import { journeyHandlers } from '../services/journeyHandlers';
import { planHandlers } from '../services/planHandlers';
import type { GenerationService } from '../services/generationService';
import { APP_VERSION } from './appVersion';
import { buildCore, type LlmOptions } from './core';
import { createDispatcher, type Dispatch, type Handlers } from './dispatcher';
import { ServiceError } from './errors';
import { LogBus } from './logger';
import type { ProjectService } from './projectService';
import type { SettingsService } from './settingsService';

/** What differs between faces: native dialogs and the system browser exist only on the desktop. */
export interface FacePlatform {
  face: Face;
  /** Shows a native folder picker; undefined where there is none (browser host). */
  pickFolder?: () => Promise<string | null>;
  openExternal?: (url: string) => Promise<void>;
  /** Opens a file with the system's default app (desktop only). */
  openPath?: (path: string) => Promise<void>;
}

export type EventListener = <E extends EventChannel>(event: E, payload: EventPayloads[E]) => void;

export interface Services {
  logBus: LogBus;
  settings: SettingsService;
  projects: ProjectService;
  generation: GenerationService;
  dispatch: Dispatch;
  info: AppInfo;
  /** Every main → renderer event, for the face to forward. */
  onEvent(listener: EventListener): () => void;
  /** Cancels running generations and kills every CLI process tree (app quit, host stop). */
  dispose(): Promise<void>;
}

/** The composition root: builds every service once; the faces (Electron, browser host, CLI) only adapt it. */
export async function createServices(opts: {
  userDataDir: string;
  platform: FacePlatform;
  logBus?: LogBus;
  llm?: LlmOptions;
}): Promise<Services> {
  const logBus = opts.logBus ?? new LogBus();
  const log = logBus.logger('app');
  const listeners = new Set<EventListener>();
  const emit: EventListener = (event, payload) => {
    for (const l of listeners) l(event, payload);
  };
  const core = await buildCore({
    userDataDir: opts.userDataDir,
    logBus,
    emit,
    llm: { desktop: opts.platform.face === 'electron', ...opts.llm },
  });
  const { settings, projects, generation } = core;
  const assertions = createAssertionsService({
    projectDir: () => projects.get()?.path ?? null,
    story: async (id) => (projects.get() ? projects.requireStore().stories.records.get(id) : undefined),
    log: logBus.logger('assertions'),
  });
  const info: AppInfo = {
    name: 'Puffin',
    version: APP_VERSION,
    face: opts.platform.face,
    platform: process.platform,
    userDataDir: opts.userDataDir,
    nativeDialogs: Boolean(opts.platform.pickFolder),
  };

  const unsubs = [
    logBus.subscribe((line) => emit('log:line', line)),
    settings.onChange((s) => emit('settings:changed', s)),
    projects.onChange((p) => emit('project:changed', p)),
  ];

  const handlers: Handlers = {
    'app:info': () => info,
    'settings:get': () => settings.get(),
    'settings:update': (patch) => settings.update(patch),
    'project:open': ({ path }) => projects.open(path),
    'project:current': () => projects.get(),
    'project:pickFolder': async () => {
      if (!opts.platform.pickFolder)
        throw new ServiceError(
          'not_supported',
          'There is no folder dialog in the browser host; type the path.',
        );
      const picked = await opts.platform.pickFolder();
      return picked === null ? null : projects.open(picked);
    },
    'project:forgetRecent': ({ path }) => settings.forgetProject(path),
    'log:recent': ({ limit }) => logBus.recent(limit),
    'shell:openExternal': async ({ url }) => {
      if (!isSafeExternalUrl(url))
        throw new ServiceError('invalid_payload', `Refused to open "${url}": not a web link.`);
      if (!opts.platform.openExternal) return { opened: false };
      await opts.platform.openExternal(url);
      return { opened: true };
    },
    'assertions:list': () => assertions.list(),
    'assertions:run': ({ storyId, assertionIds }) => assertions.run(storyId, assertionIds),
    'assertions:openLocation': async ({ file }) => {
      const path = assertions.resolveLocation(file);
      if (!opts.platform.openPath) return { opened: false, path };
      await opts.platform.openPath(path);
      return { opened: true, path };
    },
    ...journeyHandlers({ projects, generation, emit }),
    ...planHandlers(core.plans),
  };

  log.info(`Puffin ${info.version} started (${info.face})`, { userDataDir: opts.userDataDir });
  return {
    logBus,
    settings,
    projects,
    generation,
    info,
    dispatch: createDispatcher(handlers, logBus.logger('ipc')),
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async dispose() {
      await core.dispose();
      for (const u of unsubs) u();
      listeners.clear();
    },
  };
}
