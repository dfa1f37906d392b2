// `puffin github export`: verify the sprint's stories at the current commit (recording the run, as verify does),
// then export one issue per story with each criterion ticked only where it is proven now.
import type { RawAssertion } from '../assertions/evaluate';
import { PlanStore } from '../plans/planStore';
import { storeDirOf } from '../store/storeMeta';
import { StoriesRepo } from '../store/storiesRepo';
import { proveCriteria } from '../verify/criteria';
import { projectVerifySource, SprintNotFoundError } from '../verify/projectSource';
import { verifyProject, type VerifySource } from '../verify/verifyProject';
import { createGithubClient, realTimers } from './client';
import { exportIssues, type ExportResult, type ExportStory } from './exportIssues';
import { storeLinks, type LinksStore } from './issueLinks';
import type { RateLimitOptions } from './rateLimit';
import { normalizeApiUrl, parseRepo, type RepoRef } from './repoRef';
import { resolveGithubToken, type TokenSources } from './token';

export interface GithubExportOptions {
  projectDir: string;
  sprintId: string;
  /** OWNER/NAME */
  repo: string;
  apiUrl?: string;
  closeVerified?: boolean;
  overwriteEdited?: boolean;
  token?: TokenSources;
  /** Defaults: real timers, rate-limit waits up to 60 s. */
  rateLimit?: Partial<RateLimitOptions>;
  /** Overrides for tests: where links are kept and how verify reads the project. */
  links?: (repo: RepoRef, apiUrl: string) => LinksStore;
  verifySource?: VerifySource;
}

export interface GithubExportOutcome extends ExportResult {
  repo: string;
  commit: string | null;
  tokenSource: 'GITHUB_TOKEN' | 'gh';
}

/** Assertions of each story as verify read them, for mapping results to criteria. */
function recordingSource(base: VerifySource, seen: Map<string, RawAssertion[]>): VerifySource {
  return {
    stories: (sprintId) => base.stories(sprintId),
    history: (id) => base.history(id),
    record: (id, run) => base.record(id, run),
    async assertions(id) {
      const list = await base.assertions(id);
      seen.set(id, list);
      return list;
    },
  };
}

export async function exportSprintToGithub(options: GithubExportOptions): Promise<GithubExportOutcome> {
  const repo = parseRepo(options.repo);
  const apiUrl = normalizeApiUrl(options.apiUrl);
  const storeDir = storeDirOf(options.projectDir);
  const sprint = await new PlanStore(storeDir).sprints.get(options.sprintId);
  if (!sprint) throw new SprintNotFoundError(`There is no sprint ${options.sprintId} in this project.`);
  const backlog = new Map((await new StoriesRepo(storeDir).list()).map((s) => [s.id, s]));
  const token = await resolveGithubToken(apiUrl, options.token);

  const seen = new Map<string, RawAssertion[]>();
  const source = recordingSource(options.verifySource ?? projectVerifySource(options.projectDir), seen);
  const { report } = await verifyProject(options.projectDir, source, { sprintId: sprint.id });
  const verdicts = new Map(report.stories.map((v) => [v.id, v]));

  const stories: ExportStory[] = sprint.storyIds.map((id) => {
    const story = backlog.get(id);
    const verdict = verdicts.get(id);
    const criteria = story?.acceptanceCriteria ?? [];
    return {
      id,
      title: story?.title ?? id,
      description: story?.description ?? '',
      criteria: proveCriteria(criteria, seen.get(id) ?? [], verdict?.results ?? []),
      verified: verdict?.status === 'verified',
      regressed: verdict?.status === 'regressed',
    };
  });

  const octokit = createGithubClient({
    token: token.token,
    apiUrl,
    rateLimit: { maxWaitMs: 60_000, ...realTimers, ...options.rateLimit },
  });
  const result = await exportIssues({
    session: { octokit, repo, apiUrl },
    links: (options.links ?? ((r, u) => storeLinks(options.projectDir, r, u)))(repo, apiUrl),
    sprint: { id: sprint.id, title: sprint.title },
    stories,
    commit: report.commit,
    closeVerified: options.closeVerified ?? false,
    overwriteEdited: options.overwriteEdited ?? false,
  });
  return { ...result, repo: `${repo.owner}/${repo.name}`, commit: report.commit, tokenSource: token.source };
}
