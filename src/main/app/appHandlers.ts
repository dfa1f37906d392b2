/** The handler of every contract channel: the app's own ones here, the journeys' from their modules. */
import { PromptError } from '../llm/errors';
import type { Settings } from '../../shared/settings';
import { isSafeExternalUrl } from '../../shared/urls';
import { journeyHandlers } from '../services/journeyHandlers';
import { openReviewHandlers } from '../services/openReviewHandlers';
import { planHandlers } from '../services/planHandlers';
import type { Handlers } from './dispatcher';
import { ServiceError } from '../base/errors';
import type { Emit, FacePlatform, Services } from './services';
import { toolHandlers } from './toolHandlers';
import { engineHandlers } from './engineHandlers';
import { proofHandlers } from './proofHandlers';
import { formatHandlers } from '../formats/formatHandlers';
import { teamHandlers } from '../team/teamHandlers';
import { moveAndTell, verdictOfView } from '../verify/statusFromVerdict';
import { agentHandlers } from '../agent/agentHandlers';
import { trackerHandlers } from '../trackers/trackerHandlers';

export function appHandlers(services: Services, platform: FacePlatform, emit: Emit): Handlers {
  const { settings, projects, assertions, logBus, info } = services;
  return {
    'app:info': () => (settings.problems.length ? { ...info, problems: [...settings.problems] } : info),
    'settings:get': () => settings.get(),
    // The schema checked the engines' workflow and provider names; the sanitizer keeps only known ones.
    'settings:update': (patch) => settings.update(patch as Partial<Settings>),
    'project:open': ({ path, hermetic }) => projects.open(path, { hermetic: hermetic === true }),
    'project:current': () => projects.get(),
    'project:pickFolder': async () => {
      if (!platform.pickFolder)
        throw new ServiceError('not_supported', 'There is no folder dialog here; type the path.');
      const picked = await platform.pickFolder();
      return picked === null ? null : projects.open(picked);
    },
    'project:forgetRecent': ({ path }) => settings.forgetProject(path),
    'log:recent': ({ limit }) => logBus.recent(limit),
    'cli:locate': async () => {
      try {
        const cli = await services.locateCli();
        return { found: true, path: cli.path, source: cli.source };
      } catch (err) {
        if (err instanceof PromptError && (err.code === 'cli_not_found' || err.code === 'cli_not_executable'))
          return { found: false, code: err.code, message: err.message };
        throw err;
      }
    },
    'log:openFile': async () => {
      const path = info.logFile;
      if (!platform.openPath) return { opened: false, path };
      await platform.openPath(path);
      return { opened: true, path };
    },
    'shell:openExternal': async ({ url }) => {
      if (!isSafeExternalUrl(url))
        throw new ServiceError('invalid_payload', `Refused to open "${url}": not a web link.`);
      if (!platform.openExternal) return { opened: false };
      await platform.openExternal(url); // eng-disable OPEN_EXTERNAL_JS_CHECK (checked by isSafeExternalUrl above)
      return { opened: true };
    },
    'assertions:list': () => assertions.list(),
    'assertions:run': async ({ storyId, assertionIds }) => {
      const view = await assertions.run(storyId, assertionIds);
      const verdict = { id: storyId, status: verdictOfView(view) };
      await moveAndTell(projects.requireStore().stories, [verdict], emit);
      return view;
    },
    'assertions:openLocation': async ({ file }) => {
      // Revealed, not opened: the location comes from stored results, which a cloned repository can ship.
      const path = await assertions.resolveLocation(file);
      if (!platform.revealPath) return { opened: false, path };
      await platform.revealPath(path);
      return { opened: true, path };
    },
    ...journeyHandlers({ projects, generation: services.generation, emit }),
    ...openReviewHandlers(projects),
    ...planHandlers(services.plans),
    ...toolHandlers(services),
    ...proofHandlers(services, emit),
    ...engineHandlers(services),
    ...agentHandlers(services, emit),
    ...formatHandlers(services, emit),
    ...teamHandlers(services),
    ...trackerHandlers(services, emit),
  };
}
