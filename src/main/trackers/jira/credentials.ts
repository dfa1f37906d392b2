// Jira Cloud credentials: an account's email and an API token (id.atlassian.com → Security → API tokens), from
// JIRA_EMAIL + JIRA_API_TOKEN, else from what Settings stored.
import { TrackerError } from '../errors';
import type { JiraCredentials } from './client';

export function resolveJiraCredentials(
  env: Readonly<Record<string, string | undefined>>,
  stored?: Partial<JiraCredentials>,
): JiraCredentials {
  const email = env.JIRA_EMAIL?.trim() || stored?.email?.trim();
  const apiToken = env.JIRA_API_TOKEN?.trim() || stored?.apiToken?.trim();
  if (email && apiToken) return { email, apiToken };
  throw new TrackerError(
    'tracker_no_credentials',
    `No Jira credentials: set ${[!email && 'JIRA_EMAIL', !apiToken && 'JIRA_API_TOKEN'].filter(Boolean).join(' and ')} ` +
      '(an Atlassian account email and an API token), or enter them in Settings.',
    { tracker: 'jira', missing: [!email && 'JIRA_EMAIL', !apiToken && 'JIRA_API_TOKEN'].filter(Boolean) },
  );
}

/** The site's root, https://your-domain.atlassian.net, without a trailing slash; only http(s). */
export function normalizeSite(site: string): string {
  let url: URL;
  try {
    url = new URL(site.trim());
  } catch {
    throw new TrackerError('tracker_not_found', `--site is not a URL: ${JSON.stringify(site)}.`, {
      tracker: 'jira',
      what: 'the site URL',
    });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new TrackerError('tracker_not_found', `--site must be http(s), not ${url.protocol}`, {
      tracker: 'jira',
      what: 'the site URL',
    });
  return url.toString().replace(/\/+$/, '');
}
