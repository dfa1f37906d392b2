// Test connection: the credentials and the place (GitHub repository, Jira site and project, Linear team) checked
// with the cheapest reads each tracker has, so a mistake shows before an export; the same typed errors as a run.
import type { TrackerTestResult } from '../../shared/ipc/trackerChannels';
import { TrackerError } from './errors';
import type { RetryBudget } from './retry';

export interface TestConnectionRequest {
  tracker: 'github' | 'jira' | 'linear';
  repo?: string;
  site?: string;
  key?: string;
  team?: string;
  apiUrl?: string;
  env: Readonly<Record<string, string | undefined>>;
  budget?: Partial<RetryBudget>;
}

function need(value: string | undefined, what: string): string {
  if (value?.trim()) return value.trim();
  throw new TrackerError('tracker_not_found', `Enter ${what} first.`, { what, status: 404 });
}

export async function testConnection(r: TestConnectionRequest): Promise<TrackerTestResult> {
  if (r.tracker === 'jira') {
    const { jiraSession } = await import('./jira/exportJira');
    const { step } = await import('./session');
    const s = await jiraSession({
      site: need(r.site, 'the site URL'),
      key: need(r.key, 'the project key'),
      env: r.env,
      ...(r.budget ? { budget: r.budget } : {}),
    });
    const me = await step(s, 'reading the account', () => s.client.myself.getCurrentUser());
    const project = await step(
      s,
      `reading the project ${s.key}`,
      () => s.client.projects.getProject({ projectIdOrKey: s.key }),
      `the project key ${s.key}`,
    );
    return {
      tracker: 'jira',
      account: String(me.displayName ?? me.emailAddress ?? me.accountId ?? ''),
      place: `${project.key} (${project.name ?? ''})`.trim(),
    };
  }
  if (r.tracker === 'linear') {
    const { linearSession } = await import('./linear/exportLinear');
    const { readTeam, viewerName } = await import('./linear/team');
    const s = await linearSession({
      team: need(r.team, 'the team key'),
      ...(r.apiUrl ? { apiUrl: r.apiUrl } : {}),
      env: r.env,
      ...(r.budget ? { budget: r.budget } : {}),
    });
    const account = await viewerName(s);
    const team = await readTeam(s);
    return { tracker: 'linear', account, place: team.key };
  }
  const { checkGithubRepo } = await import('./github/checkRepo');
  return checkGithubRepo(need(r.repo, 'the repository (OWNER/NAME)'), r.apiUrl, r.env);
}
