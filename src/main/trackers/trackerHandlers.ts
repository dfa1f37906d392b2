/** Handlers of the tracker channels (src/shared/ipc/trackerChannels.ts), on the opened project. */
import type { Story } from '../../shared/stories';
import type { Handlers } from '../app/dispatcher';
import { ServiceError } from '../base/errors';
import type { Emit, Services } from '../app/services';
import type { StoriesRepo } from '../store/storiesRepo';
import { trackerEnv, trackerKeysView } from './credentialStore';
import { exportPlace } from './exportPlace';
import type { TrackerName } from './errors';
import type { TrackerSyncResult } from './types';

type TrackerChannel =
  | 'github:export'
  | 'jira:export'
  | 'linear:export'
  | 'github:import'
  | 'jira:import'
  | 'linear:import'
  | 'github:sync'
  | 'jira:sync'
  | 'linear:sync'
  | 'tracker:test'
  | 'tracker:cancel'
  | 'trackerKeys:status'
  | 'trackerKeys:set'
  | 'trackerKeys:clear';

export function trackerHandlers(services: Services, emit: Emit): Pick<Handlers, TrackerChannel> {
  const projectDir = (): string => {
    const p = services.projects.get();
    if (!p) throw new ServiceError('no_project', 'Open a project first.');
    return p.path;
  };
  const onWait = (tracker: TrackerName) => (ms: number, why: 'rate limit' | 'server error') => {
    services.logBus.logger(tracker).warn(`${tracker} ${why}: waiting ${Math.ceil(ms / 1000)} s`);
    emit('tracker:progress', { tracker, waitMs: ms, why });
  };
  const onProgress = (tracker: TrackerName) => (done: number, total: number) =>
    emit('tracker:progress', { tracker, done, total });
  /** What an import needs of the opened project: its backlog, and telling every face what changed there. */
  const backlog = () => ({
    projectDir: projectDir(),
    stories: services.projects.requireStore().stories,
    onChanged: (changed: Story[]) => emit('stories:changed', { changed, deleted: [] }),
    env: env(),
  });
  /** The face's environment, with stored credentials where it has none. */
  const env = () => trackerEnv(services.env(), services.trackerKeys);
  /** The runs going on now (a face may start several), each stopped by tracker:cancel. */
  const running = new Set<AbortController>();
  async function cancellable<T>(run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    running.add(controller);
    try {
      return await run(controller.signal);
    } finally {
      running.delete(controller);
    }
  }
  const view = () => trackerKeysView(services.env(), services.trackerKeys);
  // Each loads its tracker's client when used: they are heavy.
  return {
    'trackerKeys:status': () => view(),
    'trackerKeys:set': async ({ name, value }) => {
      await services.trackerKeys.set(name, value);
      return view();
    },
    'trackerKeys:clear': async ({ name }) => {
      await services.trackerKeys.clear(name);
      return view();
    },
    'tracker:cancel': () => {
      const cancelled = running.size > 0;
      for (const c of running) c.abort();
      return { cancelled };
    },
    'tracker:test': async (req) => {
      const { testConnection } = await import('./testConnection');
      return testConnection({ ...req, env: env() });
    },
    'github:export': async ({ sprintId, repo, apiUrl, closeVerified, overwriteEdited }) => {
      const { exportSprintToGithub } = await import('./github/exportGithub');
      return cancellable((signal) =>
        exportSprintToGithub({
          signal,
          projectDir: projectDir(),
          sprintId,
          repo,
          ...(apiUrl ? { apiUrl } : {}),
          closeVerified: closeVerified ?? false,
          overwriteEdited: overwriteEdited ?? false,
          token: { env: env() },
          budget: { onWait: onWait('github') },
          onProgress: onProgress('github'),
        }),
      );
    },
    'jira:export': async ({ sprintId, site, key, closeVerified }) => {
      const { exportSprintToJira } = await import('./jira/exportJira');
      return cancellable((signal) =>
        exportSprintToJira({
          signal,
          projectDir: projectDir(),
          sprintId,
          site,
          key,
          closeVerified: closeVerified ?? false,
          env: env(),
          budget: { onWait: onWait('jira') },
          onProgress: onProgress('jira'),
        }),
      );
    },
    'linear:export': async ({ sprintId, team, apiUrl, closeVerified }) => {
      const { exportSprintToLinear } = await import('./linear/exportLinear');
      return cancellable((signal) =>
        exportSprintToLinear({
          signal,
          projectDir: projectDir(),
          sprintId,
          team,
          ...(apiUrl ? { apiUrl } : {}),
          closeVerified: closeVerified ?? false,
          env: env(),
          budget: { onWait: onWait('linear') },
          onProgress: onProgress('linear'),
        }),
      );
    },
    'github:import': async ({ repo, apiUrl, label }) => {
      const { importFromGithub } = await import('./github/importGithub');
      const { env, ...rest } = backlog();
      return cancellable((signal) =>
        importFromGithub({
          signal,
          ...rest,
          repo,
          ...(apiUrl ? { apiUrl } : {}),
          ...(label ? { label } : {}),
          token: { env },
          budget: { onWait: onWait('github') },
        }),
      );
    },
    'jira:import': async ({ site, key, label }) => {
      const { importFromJira } = await import('./jira/importJira');
      return cancellable((signal) =>
        importFromJira({
          signal,
          ...backlog(),
          site,
          key,
          ...(label ? { label } : {}),
          budget: { onWait: onWait('jira') },
        }),
      );
    },
    'linear:import': async ({ team, apiUrl, label }) => {
      const { importFromLinear } = await import('./linear/importLinear');
      return cancellable((signal) =>
        importFromLinear({
          signal,
          ...backlog(),
          team,
          ...(apiUrl ? { apiUrl } : {}),
          ...(label ? { label } : {}),
          budget: { onWait: onWait('linear') },
        }),
      );
    },
    'github:sync': async ({ sprintId, repo, apiUrl, keepMine, takeTheirs }) => {
      const { syncSprintWithGithub } = await import('./github/syncGithub');
      const { projectDir, stories, onChanged, env } = backlog();
      const place = repo ? { site: apiUrl, scope: repo } : await exportPlace(projectDir, 'github', sprintId);
      const r = await cancellable((signal) =>
        syncSprintWithGithub({
          signal,
          projectDir,
          sprintId,
          repo: place.scope,
          ...(place.site ? { apiUrl: place.site } : {}),
          token: { env },
          stories,
          resolve: resolveOf(keepMine, takeTheirs),
          budget: { onWait: onWait('github') },
        }),
      );
      await tellPulled(r, stories, onChanged);
      return r;
    },
    'jira:sync': async ({ sprintId, site, key, keepMine, takeTheirs }) => {
      const { syncSprintWithJira } = await import('./jira/syncJira');
      const { projectDir, stories: repo, onChanged, env } = backlog();
      const place = site && key ? { site, scope: key } : await exportPlace(projectDir, 'jira', sprintId);
      const r = await cancellable((signal) =>
        syncSprintWithJira({
          signal,
          projectDir,
          sprintId,
          site: place.site,
          key: place.scope,
          env,
          repo,
          resolve: resolveOf(keepMine, takeTheirs),
          budget: { onWait: onWait('jira') },
        }),
      );
      await tellPulled(r, repo, onChanged);
      return r;
    },
    'linear:sync': async ({ sprintId, team, apiUrl, keepMine, takeTheirs }) => {
      const { syncSprintWithLinear } = await import('./linear/syncLinear');
      const { projectDir, stories: repo, onChanged, env } = backlog();
      const place = team ? { site: apiUrl, scope: team } : await exportPlace(projectDir, 'linear', sprintId);
      const r = await cancellable((signal) =>
        syncSprintWithLinear({
          signal,
          projectDir,
          sprintId,
          team: place.scope,
          ...(place.site ? { apiUrl: place.site } : {}),
          env,
          repo,
          resolve: resolveOf(keepMine, takeTheirs),
          budget: { onWait: onWait('linear') },
        }),
      );
      await tellPulled(r, repo, onChanged);
      return r;
    },
  };
}

function resolveOf(keepMine: string[] = [], takeTheirs: string[] = []) {
  return [
    ...keepMine.map((storyId) => ({ storyId, keep: 'puffin' as const })),
    ...takeTheirs.map((storyId) => ({ storyId, keep: 'tracker' as const })),
  ];
}

/** Stories a sync changed, told to every face (read from disk: the sync wrote them). */
async function tellPulled(
  r: TrackerSyncResult,
  repo: StoriesRepo,
  onChanged: (s: Story[]) => void,
): Promise<void> {
  const ids = new Set(
    r.stories.filter((s) => s.action === 'pulled' || s.action === 'taken').map((s) => s.storyId),
  );
  if (ids.size > 0) onChanged((await repo.list()).filter((s) => ids.has(s.id)));
}
