// Which tracker issue belongs to which story, kept per tracker place in the project store
// (`.puffin/trackers/<tracker>__<host>__<scope>.json`, shared with the team through git) so a rerun updates the same
// issues instead of opening new ones, and an import updates the stories it made.
import { createHash } from 'node:crypto';
import type { ErrorCode } from '../../shared/errors';
import type { TrackerLinks } from '../../shared/schema-types';
import { FOLDERS } from '../store/folders';
import { RecordFolder } from '../store/recordFolder';
import { storeDirOf } from '../store/storeMeta';
import type { TrackerName } from './errors';

export type { TrackerLinks } from '../../shared/schema-types';
export type TrackerLink = TrackerLinks['issues'][string];

export interface TrackerLinksStore {
  load(): Promise<TrackerLinks>;
  /** Merged into the record on disk: another face writing links of other stories meanwhile keeps them. */
  save(links: TrackerLinks): Promise<void>;
}

/** The links file cannot be read: going on without it would open every issue again. */
export class LinksUnreadableError extends Error {
  override readonly name = 'LinksUnreadableError';
  readonly code = 'store_unreadable' satisfies ErrorCode;
}

/** The record's key (its file name), in the store's id alphabet. */
export function trackerLinksKey(tracker: TrackerName, site: string, scope: string): string {
  const host = new URL(site).host;
  return `${tracker}__${host}__${scope}`.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 128);
}

export function emptyTrackerLinks(tracker: TrackerName, site: string, scope: string): TrackerLinks {
  return {
    key: trackerLinksKey(tracker, site, scope),
    version: 1,
    tracker,
    site,
    scope,
    containers: {},
    issues: {},
  };
}

/** 16 hex digits of SHA-256 over a JSON value: what the links compare to tell a change. */
export function shortHash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);
}

export function storeTrackerLinks(
  projectDir: string,
  tracker: TrackerName,
  site: string,
  scope: string,
): TrackerLinksStore {
  const folder = new RecordFolder<TrackerLinks>({ dir: storeDirOf(projectDir) }, FOLDERS.trackers);
  const key = trackerLinksKey(tracker, site, scope);
  return {
    async load() {
      const links = await folder.get(key);
      if (links) return links;
      const problem = folder.problems.find((p) => p.file.endsWith(`${key}.json`));
      // Going on without the links would open every issue again: stop and say where the file went.
      if (problem)
        throw new LinksUnreadableError(
          `The links to ${scope}'s issues could not be read (${problem.reason}); the file was kept aside as ` +
            `.puffin/${problem.keptAs}. Restore it (e.g. from git) and run again.`,
        );
      return emptyTrackerLinks(tracker, site, scope);
    },
    save: async (links) =>
      void (await folder.update(key, (onDisk) =>
        onDisk
          ? {
              ...links,
              containers: { ...onDisk.containers, ...links.containers },
              issues: { ...onDisk.issues, ...links.issues },
            }
          : links,
      )),
  };
}
