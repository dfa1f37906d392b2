/** Handlers of the History channels (src/shared/ipc/historyChannels.ts), on the opened project. */
import type { historySchemas } from '../../shared/ipc/historyChannels';
import type { Handlers } from '../app/dispatcher';
import type { ProjectService } from '../app/projectService';

export function historyHandlers(projects: ProjectService): Pick<Handlers, keyof typeof historySchemas> {
  const repo = () => projects.requireStore();
  return {
    'history:list': () => repo().history.list(),
    'history:rawLines': ({ id }) => repo().history.rawLines(id),
  };
}
