import type { ErrorCodeOf } from '../../../shared/errors';
import { again, fix, type HelpEntry } from './errorHelpEntry';

const ASSERTIONS_FILE =
  'Generate the assertions again from the story’s sprint (Generate specs), then run them.';

/** Help for the codes of the tools around the journeys: assertion files, verify, GitHub, the command line. */
export const TOOLS_HELP: Record<
  ErrorCodeOf<'assertions' | 'verify' | 'github' | 'formats' | 'headless' | 'legacy'>,
  HelpEntry
> = {
  // Assertion sets.
  file_not_found: fix('No assertions stored for this story', ASSERTIONS_FILE),
  invalid_json: fix('The story’s assertion file is not valid JSON', ASSERTIONS_FILE),
  invalid_assertions: fix('The story’s assertion file has problems', ASSERTIONS_FILE),
  invalid_story_id: fix('Not a story id', 'Pick the story from the Backlog or the Assertions panel.'),

  // Proof of done: git and the files Puffin writes into the repository.
  not_git_repo: fix(
    'The project is not a git repository',
    'Run `git init` in the project folder (and commit), then try again.',
    { command: 'git init' },
  ),
  not_a_git_repo: fix(
    'A story is implemented on a branch of its own: the project needs git',
    'Run `git init` in the project folder and commit once, then implement again.',
    { command: 'git init' },
  ),
  git_failed: again('git failed', 'Check that git is installed and works in the project folder, then retry.'),
  hook_exists: fix(
    'A pre-push hook exists already',
    'Add `puffin verify --project <dir>` to that hook yourself, or move it aside and install again.',
  ),
  workflow_exists: fix(
    'A CI workflow of that name exists already',
    'Add the `puffin verify` step to it yourself, or move it aside and write it again.',
  ),
  not_verified: fix(
    'The story’s assertions do not all pass',
    'Make the failing assertions named in the message pass (`puffin verify`), then mark the story done again.',
  ),
  unspecified: fix(
    'The story has no assertions',
    'Generate its assertions from its sprint (Generate specs, or `puffin plan assertions`), then verify it.',
  ),
  puffin_source_unknown: fix(
    'This Puffin is not a git checkout',
    'Run `puffin ci init` with Puffin from a clone of its repository, so the workflow can install that commit.',
  ),

  // GitHub export.
  github_no_token: fix(
    'No GitHub token',
    'Set GITHUB_TOKEN to a token with access to the repository’s issues, or run `gh auth login`, then export again.',
    { command: 'gh auth login' },
  ),
  // Other tools' spec formats.
  spec_malformed: fix(
    'A file of that format cannot be read',
    'Fix the file at the line named in the message (or export it again from its tool), then import again. Nothing was imported.',
  ),
  spec_not_found: fix(
    'No stories of that format there',
    'Choose the folder an export wrote, the format’s own folder (openspec/, specs/, .kiro/specs/, backlog/) or a plan file.',
  ),
  spec_too_large: fix(
    'Too many or too large files',
    'Choose the format’s own folder rather than a whole tree, then import again.',
  ),
  github_unauthorized: fix(
    'GitHub refused the token',
    'Set GITHUB_TOKEN to a valid token, or run `gh auth login`, then export again.',
    { command: 'gh auth login' },
  ),
  github_forbidden: fix(
    'The token may not write these issues',
    'Give the token write access to the repository’s issues, then export again.',
  ),
  github_repo_not_found: fix(
    'Repository not found on GitHub',
    'Check OWNER/NAME (and the API URL for GitHub Enterprise), and that the token can see the repository.',
  ),
  github_not_found: again(
    'GitHub found nothing there',
    'Export again; issues removed on GitHub are recreated.',
  ),
  github_validation: fix(
    'GitHub rejected the issue',
    'Fix what GitHub listed in the message (e.g. a title too long), then export again.',
  ),
  github_rate_limited: again(
    'GitHub rate limit reached',
    'Wait until the time GitHub gave, then export again.',
  ),
  github_issues_disabled: fix(
    'Issues are turned off for the repository',
    'Turn issues on in the repository’s settings on GitHub, then export again.',
  ),
  github_unreachable: again(
    'GitHub cannot be reached',
    'Check the network (and the API URL for GitHub Enterprise), then export again.',
  ),
  github_error: again(
    'GitHub answered with an error',
    'Export again in a moment; the export picks up where it stopped.',
  ),
  store_unreadable: fix(
    'The list of exported issues cannot be read',
    'Fix or move aside the file named in the message (under .puffin/github or .puffin/trackers), then export again; Puffin finds its issues again.',
  ),

  // The headless command line (never shown in the app, but every code has help).
  invalid_arguments: fix(
    'Invalid command-line arguments',
    'Check the arguments: `puffin` with no arguments lists the commands and their options.',
  ),
  unknown_command: fix('Unknown command', 'Run `puffin` with no arguments to list the commands.'),
  project_not_found: fix('Project folder not found', 'Pass an existing folder with --project.'),
  ambiguous_id: fix(
    'Short id fits several',
    'Give more characters of the id (the message lists the candidates), or the full id.',
  ),
  outside_roots: fix(
    'The project is outside the folders the MCP client shared',
    'Open the project as a root in your agent, or start `puffin mcp` with --project.',
  ),

  // The legacy text extractors.
  no_json: again(
    'No JSON in the answer',
    'Retry; Claude answered in prose only. Rewording the request can help.',
  ),
  clarification: fix(
    'Claude asked a question instead of answering',
    'Add the missing detail to your request, then run it again.',
  ),
  invalid: again('No acceptable JSON in the answer', 'Retry; rewording the request can help.'),
  ambiguous_repair: again(
    'The answer reads more than one way',
    'Retry; the JSON had unescaped quotes inside a text, so Puffin would have had to guess which keys were meant.',
  ),
};
