/** Handlers of the opened project's channels (src/shared/ipc/projectChannels.ts): opening it, its context. */
import type { projectSchemas } from '../../shared/ipc/projectChannels';
import { ServiceError } from '../base/errors';
import { importContext } from '../projectContext/importContext';
import { readContextSources } from '../projectContext/readSources';
import type { Handlers } from './dispatcher';
import type { FacePlatform, Services } from './services';

export function projectHandlers(
  services: Services,
  platform: FacePlatform,
): Pick<Handlers, keyof typeof projectSchemas> {
  const { settings, projects } = services;
  const repo = () => projects.requireStore();
  return {
    'project:open': ({ path, hermetic }) => projects.open(path, { hermetic: hermetic === true }),
    'project:current': () => projects.get(),
    'project:pickFolder': async () => {
      if (!platform.pickFolder)
        throw new ServiceError('not_supported', 'There is no folder dialog here; type the path.');
      const picked = await platform.pickFolder();
      return picked === null ? null : projects.open(picked);
    },
    'project:forgetRecent': ({ path }) => settings.forgetProject(path),
    'projectSettings:get': () => repo().settings.get(),
    'projectSettings:update': (patch) => repo().settings.update(patch),
    'projectSettings:import': async () => {
      repo(); // no_project when none is open
      return importContext(await readContextSources(projects.get()!.path));
    },
  };
}
