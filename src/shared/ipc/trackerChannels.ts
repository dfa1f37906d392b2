/**
 * Contract channels of the GitHub, Jira and Linear trackers: export a sprint (its stories ticked only where their
 * assertions pass now), import issues, sync edits back. All work on the opened project; credentials come from the
 * face's environment or Settings.
 */
import { ID, schema } from './schemaParts';

const url = { type: 'string', minLength: 1, maxLength: 2048, pattern: '^https?://' } as const;
/** Jira project keys: a letter, then letters, digits or underscores. */
const jiraKey = { type: 'string', minLength: 1, maxLength: 255, pattern: '^[A-Za-z][A-Za-z0-9_]*$' } as const;
/** Linear team keys: short letters and digits, e.g. ENG. */
const teamKey = { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' } as const;
/** Stories whose conflict is settled: keep Puffin's story (the next export writes it) or take the tracker's text. */
const storyIds = { type: 'array', maxItems: 200, items: { type: 'string', pattern: ID } } as const;
/** OWNER/NAME */
const repo = { type: 'string', minLength: 3, maxLength: 141, pattern: '^[^/\\s]+/[^/\\s]+$' } as const;
/** Only issues with this label are imported. */
const label = { type: 'string', minLength: 1, maxLength: 255 } as const;

/** The credentials the trackers read: environment variables, or their stored values (desktop keychain). */
export const TRACKER_SECRETS = ['JIRA_EMAIL', 'JIRA_API_TOKEN', 'LINEAR_API_KEY'] as const;
export type TrackerSecret = (typeof TRACKER_SECRETS)[number];
export function isTrackerSecret(name: string): name is TrackerSecret {
  return (TRACKER_SECRETS as readonly string[]).includes(name);
}

export interface TrackerKeysView {
  canStore: boolean;
  keys: { name: TrackerSecret; source: 'env' | 'keychain' | 'missing' }[];
}

const secretName = { enum: [...TRACKER_SECRETS] } as const;

export const trackerSchemas = {
  /** Where each tracker credential comes from (never its value). */
  'trackerKeys:status': schema({ type: 'object', additionalProperties: false, properties: {} }),
  /** Stores one credential with the OS keychain (desktop); elsewhere keychain_unavailable. */
  'trackerKeys:set': schema({
    type: 'object',
    additionalProperties: false,
    required: ['name', 'value'],
    properties: { name: secretName, value: { type: 'string', minLength: 1, maxLength: 4096 } },
  }),
  'trackerKeys:clear': schema({
    type: 'object',
    additionalProperties: false,
    required: ['name'],
    properties: { name: secretName },
  }),
  /** One GitHub issue per story of the sprint in the sprint's milestone; a rerun updates the same issues. */
  'github:export': schema({
    type: 'object',
    additionalProperties: false,
    required: ['sprintId', 'repo'],
    properties: {
      sprintId: { type: 'string', pattern: ID },
      repo,
      /** The API root of a GitHub Enterprise server, e.g. https://ghe.example.com/api/v3. */
      apiUrl: url,
      closeVerified: { type: 'boolean' },
      /** Replace text edited on GitHub since Puffin wrote it (the answer still warns about each). */
      overwriteEdited: { type: 'boolean' },
    },
  }),
  /** The sprint as a Jira Epic with one Story per sprint story (parent = the Epic); a rerun updates the same issues. */
  'jira:export': schema({
    type: 'object',
    additionalProperties: false,
    required: ['sprintId', 'site', 'key'],
    properties: {
      sprintId: { type: 'string', pattern: ID },
      /** https://your-domain.atlassian.net */
      site: url,
      key: jiraKey,
      closeVerified: { type: 'boolean' },
    },
  }),
  /** The sprint as a Linear parent issue (label `puffin`) with one sub-issue per sprint story. */
  'linear:export': schema({
    type: 'object',
    additionalProperties: false,
    required: ['sprintId', 'team'],
    properties: {
      sprintId: { type: 'string', pattern: ID },
      team: teamKey,
      /** The GraphQL endpoint; https://api.linear.app/graphql by default. */
      apiUrl: url,
      closeVerified: { type: 'boolean' },
    },
  }),
  /** The repository's open issues not created by Puffin become backlog stories; a rerun updates them. */
  'github:import': schema({
    type: 'object',
    additionalProperties: false,
    required: ['repo'],
    properties: { repo, apiUrl: url, label: label },
  }),
  /** The Jira project's issues not created by Puffin become backlog stories; a rerun updates them. */
  'jira:import': schema({
    type: 'object',
    additionalProperties: false,
    required: ['site', 'key'],
    properties: { site: url, key: jiraKey, label: label },
  }),
  /** The Linear team's issues not created by Puffin become backlog stories; a rerun updates them. */
  'linear:import': schema({
    type: 'object',
    additionalProperties: false,
    required: ['team'],
    properties: { team: teamKey, apiUrl: url, label: label },
  }),
  /**
   * For the sprint's exported issues: an edit made in Jira comes back to its story when Puffin's copy did not change
   * since the export; both changed is a conflict, listed and left alone unless keepMine or takeTheirs names it.
   * Without site and key, the place the sprint was exported to (from .puffin/trackers).
   */
  'jira:sync': schema({
    type: 'object',
    additionalProperties: false,
    required: ['sprintId'],
    properties: {
      sprintId: { type: 'string', pattern: ID },
      site: url,
      key: jiraKey,
      keepMine: storyIds,
      takeTheirs: storyIds,
    },
  }),
  /** The same for GitHub (without repo, the repository the sprint was exported to). */
  'github:sync': schema({
    type: 'object',
    additionalProperties: false,
    required: ['sprintId'],
    properties: {
      sprintId: { type: 'string', pattern: ID },
      repo,
      apiUrl: url,
      keepMine: storyIds,
      takeTheirs: storyIds,
    },
  }),
  /** The same for Linear. */
  'linear:sync': schema({
    type: 'object',
    additionalProperties: false,
    required: ['sprintId'],
    properties: {
      sprintId: { type: 'string', pattern: ID },
      team: teamKey,
      apiUrl: url,
      keepMine: storyIds,
      takeTheirs: storyIds,
    },
  }),
  /**
   * Stops the running GitHub, Jira or Linear export, import or sync before its next request (what was written stays; a rerun
   * continues from there).
   */
  'tracker:cancel': schema({ type: 'object', additionalProperties: false, properties: {} }),
  /** The credentials and the place checked with one or two reads, before any export. */
  'tracker:test': schema({
    type: 'object',
    additionalProperties: false,
    required: ['tracker'],
    properties: {
      tracker: { enum: ['github', 'jira', 'linear'] },
      repo: { type: 'string', maxLength: 141 },
      site: { type: 'string', maxLength: 2048 },
      key: { type: 'string', maxLength: 255 },
      team: { type: 'string', maxLength: 32 },
      apiUrl: { type: 'string', maxLength: 2048 },
    },
  }),
} as const;

export type TrackerAction = 'created' | 'updated' | 'unchanged';

export interface TrackerIssueResult {
  storyId: string;
  /** PROJ-12 (Jira), ENG-7 (Linear), #12 (GitHub). */
  key: string;
  url: string;
  action: TrackerAction;
}

export interface TrackerExportResult {
  tracker: 'github' | 'jira' | 'linear';
  /** The site (Jira) or API URL (Linear, GitHub). */
  site: string;
  /** The project key (Jira), team key (Linear) or OWNER/NAME (GitHub). */
  scope: string;
  commit: string | null;
  /** The sprint's Epic (Jira), parent issue (Linear) or milestone (GitHub). */
  container: { key: string; url: string; action: TrackerAction };
  issues: TrackerIssueResult[];
  warnings: string[];
}

/** A GitHub export also names each issue's number, the repository and the sprint's milestone. */
export interface GithubExportResult extends TrackerExportResult {
  tracker: 'github';
  /** OWNER/NAME */
  repo: string;
  milestone: { number: number; title: string };
  issues: (TrackerIssueResult & { number: number })[];
}

export interface TrackerImportedStory {
  storyId: string;
  key: string;
  url: string;
  action: TrackerAction;
}

export interface TrackerImportResult {
  tracker: 'github' | 'jira' | 'linear';
  site: string;
  scope: string;
  /** One backlog story per imported issue. */
  stories: TrackerImportedStory[];
  warnings: string[];
}

export interface StoryText {
  title: string;
  description: string;
  acceptanceCriteria: string[];
}

export type TrackerSyncAction = 'pulled' | 'unchanged' | 'conflict' | 'kept' | 'taken' | 'gone';

export interface TrackerSyncedStory {
  storyId: string;
  key: string;
  url: string;
  action: TrackerSyncAction;
  /** Whether the tracker counts the issue done (closed) now; null when it is gone. Shown next to the verdict. */
  trackerDone: boolean | null;
  /** Puffin's verdict, which stays what the assertions say whatever the tracker's state. */
  verdict: 'verified' | 'failing' | 'regressed' | 'unspecified';
  /** When the tracker's text replaced the story's: the story's text before, kept as this version of it. */
  previous?: { version: number; title: string };
}

export interface TrackerConflict {
  storyId: string;
  key: string;
  url: string;
  puffin: StoryText;
  tracker: StoryText;
}

export interface TrackerSyncResult {
  tracker: 'github' | 'jira' | 'linear';
  site: string;
  scope: string;
  stories: TrackerSyncedStory[];
  /** Both sides changed since the last export: nothing was overwritten on either side. */
  conflicts: TrackerConflict[];
  warnings: string[];
}

export interface TrackerProgress {
  tracker: 'github' | 'jira' | 'linear';
  /** Stories done of all (an export). */
  done?: number;
  total?: number;
  /** A wait before the next request, and why. */
  waitMs?: number;
  why?: 'rate limit' | 'server error';
}

export interface TrackerTestResult {
  tracker: 'github' | 'jira' | 'linear';
  /** Whose credentials these are (a name, or where the token came from). */
  account: string;
  /** The repository, project or team reached. */
  place: string;
}

export interface TrackerResponses {
  'tracker:cancel': { cancelled: boolean };
  'trackerKeys:status': TrackerKeysView;
  'trackerKeys:set': TrackerKeysView;
  'trackerKeys:clear': TrackerKeysView;
  'tracker:test': TrackerTestResult;
  'github:export': GithubExportResult;
  'jira:export': TrackerExportResult;
  'linear:export': TrackerExportResult;
  'github:import': TrackerImportResult;
  'jira:import': TrackerImportResult;
  'linear:import': TrackerImportResult;
  'github:sync': TrackerSyncResult;
  'jira:sync': TrackerSyncResult;
  'linear:sync': TrackerSyncResult;
}
