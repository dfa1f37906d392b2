// The links of the GitHub export before it joined the trackers (`.puffin/github/<host>__<owner>__<name>.json`:
// issue numbers and milestones) carried over on read into `.puffin/trackers/`, so a project exported before still
// updates its issues and never opens them again. Entries the trackers' links already hold win; the old file stays
// (it is the team's, in git) and is only read.
import type { GithubLinks } from '../../../shared/schema-types';
import { FOLDERS } from '../../store/folders';
import { RecordFolder } from '../../store/recordFolder';
import { storeDirOf } from '../../store/storeMeta';
import { shortHash, type TrackerLinks, type TrackerLinksStore } from '../links';
import { repoName, type RepoRef } from './repoRef';

/** The old record's key: the API's host, the owner and the name. */
export function legacyLinksKey(repo: RepoRef, apiUrl: string): string {
  const host = new URL(apiUrl).host.replace(/[^A-Za-z0-9.-]/g, '_');
  return `${host}__${repo.owner}__${repo.name}`.slice(0, 128);
}

/** Stands for "sent by the old export": equal to no hash of what the export wants now, so it is compared first. */
const CARRIED = shortHash(['carried over from .puffin/github']);

export function carryOver(links: TrackerLinks, old: GithubLinks): TrackerLinks {
  const issues = { ...links.issues };
  for (const [storyId, l] of Object.entries(old.issues))
    issues[storyId] ??= {
      id: String(l.number),
      key: `#${l.number}`,
      url: l.url,
      exportedAt: l.exportedAt,
      hash: CARRIED,
      origin: 'export',
    };
  // The repository's web address, from an issue's (the old links kept none for milestones).
  const web = Object.values(old.issues)[0]?.url.replace(/\/issues\/\d+$/, '') ?? links.site;
  const containers = { ...links.containers };
  for (const [sprintId, m] of Object.entries(old.milestones))
    containers[sprintId] ??= {
      id: String(m.number),
      key: m.title,
      url: `${web}/milestone/${m.number}`,
      exportedAt: new Date(0).toISOString(),
      hash: CARRIED,
      origin: 'export',
    };
  return { ...links, issues, containers };
}

/** `store`, with the old links of the repository added to what it loads. */
export function withLegacyLinks(
  store: TrackerLinksStore,
  projectDir: string,
  repo: RepoRef,
  apiUrl: string,
): TrackerLinksStore {
  const folder = new RecordFolder<GithubLinks>({ dir: storeDirOf(projectDir) }, FOLDERS.github);
  return {
    save: (links) => store.save(links),
    async load() {
      const links = await store.load();
      // An old file that cannot be read is kept aside by the store; the issues are then found by their markers.
      const old = await folder.get(legacyLinksKey(repo, apiUrl)).catch(() => undefined);
      return old && old.repo === repoName(repo) ? carryOver(links, old) : links;
    },
  };
}
