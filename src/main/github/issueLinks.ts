// Which GitHub issue belongs to which story, and which milestone to which sprint, kept per repository in
// `.puffin/github/<host>__<owner>__<name>.json` so a rerun updates the same issues instead of opening new ones.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ErrorCode } from '../../shared/errors';
import { writeFileAtomic } from '../core/atomicFile';
import { storeDirOf } from '../store/storeMeta';
import { repoName, type RepoRef } from './repoRef';

export interface IssueLink {
  number: number;
  url: string;
  /** ISO time of the last export that created or changed it. */
  exportedAt: string;
}

export interface GithubLinks {
  version: 1;
  /** OWNER/NAME */
  repo: string;
  apiUrl: string;
  milestones: Record<string, { number: number; title: string }>;
  issues: Record<string, IssueLink>;
}

export interface LinksStore {
  load(): Promise<GithubLinks>;
  save(links: GithubLinks): Promise<void>;
}

export function emptyLinks(repo: RepoRef, apiUrl: string): GithubLinks {
  return { version: 1, repo: repoName(repo), apiUrl, milestones: {}, issues: {} };
}

export function linksFile(projectDir: string, repo: RepoRef, apiUrl: string): string {
  const host = new URL(apiUrl).host.replace(/[^A-Za-z0-9.-]/g, '_');
  return path.join(storeDirOf(projectDir), 'github', `${host}__${repo.owner}__${repo.name}.json`);
}

function isLinks(v: unknown, repo: string): v is GithubLinks {
  const o = v as Partial<GithubLinks> | null;
  return (
    typeof o === 'object' &&
    o !== null &&
    o.version === 1 &&
    o.repo === repo &&
    typeof o.milestones === 'object' &&
    typeof o.issues === 'object'
  );
}

export class LinksUnreadableError extends Error {
  override readonly name = 'LinksUnreadableError';
  readonly code = 'store_unreadable' satisfies ErrorCode;
}

/**
 * The file store. An unreadable file stops the export rather than being replaced: without it every story would
 * get a second issue (the marker search finds Puffin's issues again, but only those still labelled).
 */
export function fileLinksStore(projectDir: string, repo: RepoRef, apiUrl: string): LinksStore {
  const file = linksFile(projectDir, repo, apiUrl);
  return {
    async load() {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return emptyLinks(repo, apiUrl);
        throw err;
      }
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (err) {
        throw new LinksUnreadableError(
          `${file} is not valid JSON (${(err as Error).message}); fix or remove it.`,
        );
      }
      if (!isLinks(value, repoName(repo)))
        throw new LinksUnreadableError(
          `${file} is not a Puffin issue-link file of ${repoName(repo)}; fix or remove it.`,
        );
      return value;
    },
    save: (links) => writeFileAtomic(file, JSON.stringify(links, null, 2) + '\n'),
  };
}
