import type {
  TrackerKeysView,
  TrackerSecret,
  TrackerProgress,
  TrackerExportResult,
  TrackerImportResult,
  TrackerSyncResult,
} from '../../../shared/ipc/trackerChannels';
import { errorNotice, toUiError, type UiError } from './uiError';
import type { Slice } from './types';

export type TrackerKind = 'github' | 'jira' | 'linear';
export type TrackerJob = 'export' | 'sync' | 'import';

/** What the Tracker panel's connection fields hold; each tracker reads its own. */
export interface TrackerPlace {
  tracker: TrackerKind;
  /** GitHub: OWNER/NAME. */
  repo: string;
  /** Jira: https://your-domain.atlassian.net and the project key. */
  site: string;
  key: string;
  /** Linear: the team key. */
  team: string;
  /** GitHub Enterprise or Linear: the API URL, when not the default. */
  apiUrl: string;
}

export type TrackerOutcome =
  | { job: 'export'; tracker: TrackerKind; result: TrackerExportResult }
  | { job: 'sync'; tracker: TrackerKind; result: TrackerSyncResult }
  | { job: 'import'; tracker: TrackerKind; result: TrackerImportResult };

export interface TrackerSlice {
  trackerBusy: TrackerJob | null;
  trackerOutcome: TrackerOutcome | null;
  trackerError: UiError | null;
  /** The running export's last progress event (stories done, a wait), cleared when a run starts or ends. */
  trackerProgress: TrackerProgress | null;
  /** Follows tracker:progress; returns an unsubscribe. */
  connectTracker(): () => void;
  trackerExport(sprintId: string, place: TrackerPlace, closeVerified: boolean): Promise<void>;
  trackerSync(
    sprintId: string,
    place: TrackerPlace,
    resolve?: { storyId: string; keep: 'puffin' | 'tracker' },
  ): Promise<void>;
  trackerImport(place: TrackerPlace): Promise<void>;
  /** Puts back the story's text a sync replaced (kept as that version); its row then offers it no more. */
  restoreStoryVersion(storyId: string, version: number): Promise<void>;
  /** What Test connection found (who and where), or null. */
  trackerTested: string | null;
  trackerTest(place: TrackerPlace): Promise<void>;
  /**
   * Stops the run before its next request (tracker:cancel) and drops its answer. What was already written stays;
   * every run is idempotent, so running it again continues from there.
   */
  cancelTracker(): void;
  /** Where each tracker credential comes from (null until asked); setting or clearing a stored one (desktop). */
  trackerKeys: TrackerKeysView | null;
  loadTrackerKeys(): Promise<void>;
  setTrackerKey(name: TrackerSecret, value: string): Promise<boolean>;
  clearTrackerKey(name: TrackerSecret): Promise<void>;
}

const apiUrl = (p: TrackerPlace) => (p.apiUrl.trim() ? { apiUrl: p.apiUrl.trim() } : {});

export const createTrackerSlice: Slice<TrackerSlice> = (client) => (set, get) => {
  let run = 0;
  async function go<T extends TrackerOutcome>(job: TrackerJob, work: () => Promise<T>): Promise<void> {
    const mine = ++run;
    set({ trackerBusy: job, trackerError: null, trackerProgress: null });
    try {
      const outcome = await work();
      if (mine === run) set({ trackerOutcome: outcome });
    } catch (err) {
      if (mine === run) set({ trackerError: toUiError(err) });
    } finally {
      if (mine === run) set({ trackerBusy: null, trackerProgress: null });
    }
  }
  return {
    trackerBusy: null,
    trackerOutcome: null,
    trackerError: null,
    trackerProgress: null,
    trackerTested: null,
    async trackerTest(p) {
      set({ trackerTested: null, trackerError: null });
      try {
        const r = await client.call('tracker:test', {
          tracker: p.tracker,
          ...(p.tracker === 'github' ? { repo: p.repo.trim() } : {}),
          ...(p.tracker === 'jira' ? { site: p.site.trim(), key: p.key.trim() } : {}),
          ...(p.tracker === 'linear' ? { team: p.team.trim() } : {}),
          ...(p.tracker !== 'jira' ? apiUrl(p) : {}),
        });
        set({ trackerTested: `Connected: ${r.account} → ${r.place}.` });
      } catch (err) {
        set({ trackerError: toUiError(err) });
      }
    },
    connectTracker: () =>
      client.on('tracker:progress', (p) => {
        if (get().trackerBusy) set({ trackerProgress: p });
      }),
    trackerExport: (sprintId, p, closeVerified) =>
      go('export', async () => {
        const result =
          p.tracker === 'github'
            ? await client.call('github:export', {
                sprintId,
                repo: p.repo.trim(),
                ...apiUrl(p),
                closeVerified,
              })
            : p.tracker === 'jira'
              ? await client.call('jira:export', {
                  sprintId,
                  site: p.site.trim(),
                  key: p.key.trim(),
                  closeVerified,
                })
              : await client.call('linear:export', {
                  sprintId,
                  team: p.team.trim(),
                  ...apiUrl(p),
                  closeVerified,
                });
        return { job: 'export', tracker: p.tracker, result };
      }),
    trackerSync: (sprintId, p, resolve) =>
      go('sync', async () => {
        const settle = resolve
          ? { [resolve.keep === 'puffin' ? 'keepMine' : 'takeTheirs']: [resolve.storyId] }
          : {};
        const result =
          p.tracker === 'github'
            ? await client.call('github:sync', { sprintId, repo: p.repo.trim(), ...apiUrl(p), ...settle })
            : p.tracker === 'jira'
              ? await client.call('jira:sync', {
                  sprintId,
                  site: p.site.trim(),
                  key: p.key.trim(),
                  ...settle,
                })
              : await client.call('linear:sync', { sprintId, team: p.team.trim(), ...apiUrl(p), ...settle });
        return { job: 'sync', tracker: p.tracker, result };
      }),
    trackerImport: (p) =>
      go('import', async () => {
        const result =
          p.tracker === 'github'
            ? await client.call('github:import', { repo: p.repo.trim(), ...apiUrl(p) })
            : p.tracker === 'jira'
              ? await client.call('jira:import', { site: p.site.trim(), key: p.key.trim() })
              : await client.call('linear:import', { team: p.team.trim(), ...apiUrl(p) });
        return { job: 'import', tracker: p.tracker, result };
      }),
    async restoreStoryVersion(storyId, version) {
      try {
        const story = await client.call('storyVersions:restore', { storyId, number: version });
        const o = get().trackerOutcome;
        if (o?.job === 'sync')
          set({
            trackerOutcome: {
              ...o,
              result: {
                ...o.result,
                stories: o.result.stories.map((s) =>
                  s.storyId === storyId ? { ...s, previous: undefined } : s,
                ),
              },
            },
          });
        set({ notice: { kind: 'info', message: `“${story.title}” has its earlier text again.` } });
      } catch (err) {
        set({ trackerError: toUiError(err) });
      }
    },
    trackerKeys: null,
    async loadTrackerKeys() {
      try {
        set({ trackerKeys: await client.call('trackerKeys:status', {}) });
      } catch (err) {
        set({ notice: errorNotice(err) });
      }
    },
    async setTrackerKey(name, value) {
      try {
        set({ trackerKeys: await client.call('trackerKeys:set', { name, value: value.trim() }) });
        return true;
      } catch (err) {
        set({ notice: errorNotice(err) });
        return false;
      }
    },
    async clearTrackerKey(name) {
      try {
        set({ trackerKeys: await client.call('trackerKeys:clear', { name }) });
      } catch (err) {
        set({ notice: errorNotice(err) });
      }
    },
    cancelTracker() {
      run++;
      set({ trackerBusy: null, trackerProgress: null });
      void client.call('tracker:cancel', {}).catch(() => undefined);
    },
  };
};
