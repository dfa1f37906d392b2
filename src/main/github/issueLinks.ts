// Which GitHub issue belongs to which story, and which milestone to which sprint, kept per repository in the project
// store (`.puffin/github/<host>__<owner>__<name>.json`, schema github-links) so a rerun updates the same issues
// instead of opening new ones.
import type { ErrorCode } from '../../shared/errors';
import type { GithubLinks } from '../../shared/schema-types';
import { FOLDERS } from '../store/folders';
import { RecordFolder } from '../store/recordFolder';
import { storeDirOf } from '../store/storeMeta';
import { repoName, type RepoRef } from './repoRef';

export type { GithubLinks } from '../../shared/schema-types';
export type IssueLink = GithubLinks['issues'][string];

export interface LinksStore {
  load(): Promise<GithubLinks>;
  save(links: GithubLinks): Promise<void>;
}

/** The record's key (its file name): the API's host, the owner and the name, in the store's id alphabet. */
export function linksKey(repo: RepoRef, apiUrl: string): string {
  const host = new URL(apiUrl).host.replace(/[^A-Za-z0-9.-]/g, '_');
  return `${host}__${repo.owner}__${repo.name}`.slice(0, 128);
}

export function emptyLinks(repo: RepoRef, apiUrl: string): GithubLinks {
  return {
    key: linksKey(repo, apiUrl),
    version: 1,
    repo: repoName(repo),
    apiUrl,
    milestones: {},
    issues: {},
  };
}

export class LinksUnreadableError extends Error {
  override readonly name = 'LinksUnreadableError';
  readonly code = 'store_unreadable' satisfies ErrorCode;
}

/**
 * The links of one repository in the project store. A file that cannot be read is kept aside by the store; the
 * export then stops and says so rather than go on without it (the issues would be found again by their markers,
 * but only those still labelled `puffin`): a second run starts from the markers, knowingly.
 */
export function storeLinks(projectDir: string, repo: RepoRef, apiUrl: string): LinksStore {
  const folder = new RecordFolder<GithubLinks>({ dir: storeDirOf(projectDir) }, FOLDERS.github);
  const key = linksKey(repo, apiUrl);
  return {
    async load() {
      const links = await folder.get(key);
      if (links) return links;
      const problem = folder.problems.find((p) => p.file.endsWith(`${key}.json`));
      if (problem)
        throw new LinksUnreadableError(
          `The issue numbers of ${repoName(repo)} could not be read (${problem.reason}); the file was kept aside as ` +
            `.puffin/${problem.keptAs}. Run the export again to find the issues by their Puffin markers.`,
        );
      return emptyLinks(repo, apiUrl);
    },
    // Merged into the links on disk: another face exporting to the same repository meanwhile keeps its links.
    save: async (links) =>
      void (await folder.update(key, (onDisk) =>
        onDisk
          ? {
              ...links,
              milestones: { ...onDisk.milestones, ...links.milestones },
              issues: { ...onDisk.issues, ...links.issues },
            }
          : links,
      )),
  };
}
