import type { ErrorCodeOf } from '../../../shared/errors';
import { again, fix, type HelpEntry } from './errorHelpEntry';

/** Help for the codes of the GitHub, Jira and Linear trackers (export, import, sync). */
export const TRACKERS_HELP: Record<ErrorCodeOf<'trackers'>, HelpEntry> = {
  tracker_no_credentials: fix(
    'No credentials for the tracker',
    'Enter them in the Tracker panel (Jira: email and API token; Linear: API key), or set JIRA_EMAIL and JIRA_API_TOKEN or LINEAR_API_KEY where Puffin was started.',
    { openSettings: true },
  ),
  tracker_unauthorized: fix(
    'The tracker refused the credentials',
    'Check the email and API token (Jira), the API key (Linear) or GITHUB_TOKEN (GitHub) and that they may create and edit issues in that project, team or repository, then try again.',
    { openSettings: true },
  ),
  tracker_not_found: fix(
    'The tracker found no such site, project, team or repository',
    'Check the site URL, the project key, the team key or the repository named in the message, then try again.',
  ),
  tracker_refused: fix(
    'The tracker refused a field',
    'The message names the field and why; change it in the tracker project’s settings (screens, issue types) or in the story, then export again.',
  ),
  tracker_rate_limited: again(
    'The tracker’s rate limit is reached',
    'Wait until the time named in the message, then try again; the export continues where it stopped.',
  ),
  tracker_unreachable: again(
    'The tracker cannot be reached',
    'Check the network and the site or API URL, then try again.',
  ),
  tracker_error: again(
    'The tracker answered with an error',
    'Try again in a moment; the export picks up where it stopped.',
  ),
};
