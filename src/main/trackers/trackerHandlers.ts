/** Handlers of the tracker channels (src/shared/ipc/trackerChannels.ts), on the opened project. */
import type { Handlers } from '../core/dispatcher';
import { ServiceError } from '../core/errors';
import type { Services } from '../core/services';

type TrackerChannel = 'jira:export' | 'linear:export';

export function trackerHandlers(services: Services): Pick<Handlers, TrackerChannel> {
  const projectDir = (): string => {
    const p = services.projects.get();
    if (!p) throw new ServiceError('no_project', 'Open a project first.');
    return p.path;
  };
  const onWait = (tracker: string) => (ms: number, why: string) =>
    services.logBus.logger(tracker).warn(`${tracker} ${why}: waiting ${Math.ceil(ms / 1000)} s`);
  return {
    'jira:export': async ({ sprintId, site, key, closeVerified }) => {
      // Loaded by the channels that use them: the tracker clients are heavy.
      const { exportSprintToJira } = await import('./jira/exportJira');
      return exportSprintToJira({
        projectDir: projectDir(),
        sprintId,
        site,
        key,
        closeVerified: closeVerified ?? false,
        env: services.env(),
        budget: { onWait: onWait('jira') },
      });
    },
    'linear:export': async ({ sprintId, team, apiUrl, closeVerified }) => {
      const { exportSprintToLinear } = await import('./linear/exportLinear');
      return exportSprintToLinear({
        projectDir: projectDir(),
        sprintId,
        team,
        ...(apiUrl ? { apiUrl } : {}),
        closeVerified: closeVerified ?? false,
        env: services.env(),
        budget: { onWait: onWait('linear') },
      });
    },
  };
}
