// GitHub, Jira and Linear headless, each the app's own contract channel on the opened project:
//   puffin github export --project DIR --sprint ID --repo OWNER/NAME [--api-url URL] [--close-verified]
//     [--overwrite-edited]   token: GITHUB_TOKEN or gh  data: {issues: [{storyId, number, key, url, action}], milestone, …}
//   puffin jira export --project DIR --sprint ID --site URL --key PROJECT [--close-verified]
//     credentials: JIRA_EMAIL + JIRA_API_TOKEN          data: {issues: [{storyId, key, url, action}], container, …}
//   puffin linear export --project DIR --sprint ID --team KEY [--api-url URL] [--close-verified]
//     credentials: LINEAR_API_KEY                       data: {issues: [{storyId, key, url, action}], container, …}
//   puffin github import --project DIR --repo OWNER/NAME [--api-url URL] [--label L]
//   puffin jira import --project DIR --site URL --key PROJECT [--label L]
//   puffin linear import --project DIR --team KEY [--api-url URL] [--label L]
//     issues not created by Puffin → backlog stories     data: {stories: [{storyId, key, url, action}], …}
//   puffin github sync --project DIR --sprint ID [--repo OWNER/NAME] [--api-url URL] [--keep-mine IDS] [--take-theirs IDS]
//   puffin jira sync --project DIR --sprint ID [--site URL --key PROJECT] [--keep-mine IDS] [--take-theirs IDS]
//   puffin linear sync --project DIR --sprint ID [--team KEY] [--api-url URL] [--keep-mine IDS] [--take-theirs IDS]
//     tracker edits → stories                            data: {stories: [{storyId, key, action, trackerDone, verdict}]},
//                                                        meta: {conflicts: [{storyId, key, puffin, tracker}]}
import type { CommandSpec } from '../spec';

export const githubExportCommand: CommandSpec<'github:export'> = {
  path: ['github', 'export'],
  summary:
    'one GitHub issue per sprint story, criteria ticked where their assertions pass (token: GITHUB_TOKEN or gh)',
  channel: 'github:export',
  project: true,
  flags: [
    { flag: 'sprint', kind: 'string', field: 'sprintId', required: true, value: 'ID', ref: 'sprint' },
    { flag: 'repo', kind: 'string', field: 'repo', required: true, value: 'OWNER/NAME' },
    { flag: 'api-url', kind: 'string', field: 'apiUrl', value: 'URL' },
    { flag: 'close-verified', kind: 'boolean', field: 'closeVerified' },
    { flag: 'overwrite-edited', kind: 'boolean', field: 'overwriteEdited' },
  ],
  output: (r) => ({ data: r, source: null, warnings: r.warnings, meta: {} }),
};

export const jiraExportCommand: CommandSpec<'jira:export'> = {
  path: ['jira', 'export'],
  summary:
    'the sprint as a Jira Epic, one Story per sprint story, criteria ticked where their assertions pass (JIRA_EMAIL + JIRA_API_TOKEN)',
  channel: 'jira:export',
  project: true,
  flags: [
    { flag: 'sprint', kind: 'string', field: 'sprintId', required: true, value: 'ID', ref: 'sprint' },
    { flag: 'site', kind: 'string', field: 'site', required: true, value: 'URL' },
    { flag: 'key', kind: 'string', field: 'key', required: true, value: 'PROJECT' },
    { flag: 'close-verified', kind: 'boolean', field: 'closeVerified' },
  ],
  output: (r) => ({ data: r, source: null, warnings: r.warnings, meta: {} }),
};

export const linearExportCommand: CommandSpec<'linear:export'> = {
  path: ['linear', 'export'],
  summary:
    'the sprint as a Linear parent issue, one sub-issue per sprint story, criteria ticked where their assertions pass (LINEAR_API_KEY)',
  channel: 'linear:export',
  project: true,
  flags: [
    { flag: 'sprint', kind: 'string', field: 'sprintId', required: true, value: 'ID', ref: 'sprint' },
    { flag: 'team', kind: 'string', field: 'team', required: true, value: 'KEY' },
    { flag: 'api-url', kind: 'string', field: 'apiUrl', value: 'URL' },
    { flag: 'close-verified', kind: 'boolean', field: 'closeVerified' },
  ],
  output: (r) => ({ data: r, source: null, warnings: r.warnings, meta: {} }),
};

const label = { flag: 'label', kind: 'string', field: 'label', value: 'L' } as const;
const IMPORTED =
  'issues not created by Puffin become backlog stories with their criteria; a rerun updates them';

export const githubImportCommand: CommandSpec<'github:import'> = {
  path: ['github', 'import'],
  summary: `open GitHub ${IMPORTED} (token: GITHUB_TOKEN or gh)`,
  channel: 'github:import',
  project: true,
  flags: [
    { flag: 'repo', kind: 'string', field: 'repo', required: true, value: 'OWNER/NAME' },
    { flag: 'api-url', kind: 'string', field: 'apiUrl', value: 'URL' },
    label,
  ],
  output: (r) => ({ data: r, source: null, warnings: r.warnings, meta: {} }),
};

export const jiraImportCommand: CommandSpec<'jira:import'> = {
  path: ['jira', 'import'],
  summary: `Jira ${IMPORTED} (JIRA_EMAIL + JIRA_API_TOKEN)`,
  channel: 'jira:import',
  project: true,
  flags: [
    { flag: 'site', kind: 'string', field: 'site', required: true, value: 'URL' },
    { flag: 'key', kind: 'string', field: 'key', required: true, value: 'PROJECT' },
    label,
  ],
  output: (r) => ({ data: r, source: null, warnings: r.warnings, meta: {} }),
};

export const linearImportCommand: CommandSpec<'linear:import'> = {
  path: ['linear', 'import'],
  summary: `Linear ${IMPORTED} (LINEAR_API_KEY)`,
  channel: 'linear:import',
  project: true,
  flags: [
    { flag: 'team', kind: 'string', field: 'team', required: true, value: 'KEY' },
    { flag: 'api-url', kind: 'string', field: 'apiUrl', value: 'URL' },
    label,
  ],
  output: (r) => ({ data: r, source: null, warnings: r.warnings, meta: {} }),
};

const resolveFlags = [
  { flag: 'keep-mine', kind: 'list', field: 'keepMine', value: 'IDS', ref: 'story' },
  { flag: 'take-theirs', kind: 'list', field: 'takeTheirs', value: 'IDS', ref: 'story' },
] as const;
const SYNCED =
  'edits made there since the export come back to their stories; both sides changed: a conflict in meta.conflicts, nothing overwritten';

export const githubSyncCommand: CommandSpec<'github:sync'> = {
  path: ['github', 'sync'],
  summary: `the sprint's GitHub issues read back: ${SYNCED}`,
  channel: 'github:sync',
  project: true,
  flags: [
    { flag: 'sprint', kind: 'string', field: 'sprintId', required: true, value: 'ID', ref: 'sprint' },
    { flag: 'repo', kind: 'string', field: 'repo', value: 'OWNER/NAME' },
    { flag: 'api-url', kind: 'string', field: 'apiUrl', value: 'URL' },
    ...resolveFlags,
  ],
  output: (r) => ({ data: r, source: null, warnings: r.warnings, meta: { conflicts: r.conflicts } }),
};

export const jiraSyncCommand: CommandSpec<'jira:sync'> = {
  path: ['jira', 'sync'],
  summary: `the sprint's Jira issues read back: ${SYNCED}`,
  channel: 'jira:sync',
  project: true,
  flags: [
    { flag: 'sprint', kind: 'string', field: 'sprintId', required: true, value: 'ID', ref: 'sprint' },
    { flag: 'site', kind: 'string', field: 'site', value: 'URL' },
    { flag: 'key', kind: 'string', field: 'key', value: 'PROJECT' },
    ...resolveFlags,
  ],
  output: (r) => ({ data: r, source: null, warnings: r.warnings, meta: { conflicts: r.conflicts } }),
};

export const linearSyncCommand: CommandSpec<'linear:sync'> = {
  path: ['linear', 'sync'],
  summary: `the sprint's Linear issues read back: ${SYNCED}`,
  channel: 'linear:sync',
  project: true,
  flags: [
    { flag: 'sprint', kind: 'string', field: 'sprintId', required: true, value: 'ID', ref: 'sprint' },
    { flag: 'team', kind: 'string', field: 'team', value: 'KEY' },
    { flag: 'api-url', kind: 'string', field: 'apiUrl', value: 'URL' },
    ...resolveFlags,
  ],
  output: (r) => ({ data: r, source: null, warnings: r.warnings, meta: { conflicts: r.conflicts } }),
};

export const trackerCommands: CommandSpec[] = [
  githubExportCommand,
  jiraExportCommand,
  linearExportCommand,
  githubImportCommand,
  jiraImportCommand,
  linearImportCommand,
  githubSyncCommand,
  jiraSyncCommand,
  linearSyncCommand,
];
