// What an export needs to know of the Jira project before any issue: that it exists, and its issue types as its
// create metadata names them (an Epic, and the Story type or the project's equivalent standard type).
import { step, type TrackerSession } from '../session';
import { TrackerError } from '../errors';
import type { JiraClient } from './client';

export interface JiraIssueType {
  id: string;
  name: string;
  subtask?: boolean;
  hierarchyLevel?: number;
}

export interface JiraProjectInfo {
  key: string;
  epicType: JiraIssueType;
  storyType: JiraIssueType;
}

export interface JiraSession extends TrackerSession {
  client: JiraClient;
  /** The project key. */
  key: string;
}

export async function readProject(s: JiraSession): Promise<JiraProjectInfo> {
  const what = `the project key ${s.key} (--key) and the site ${s.site} (--site)`;
  await step(
    s,
    `reading the project ${s.key}`,
    () => s.client.projects.getProject({ projectIdOrKey: s.key }),
    what,
  );
  const page = await step(
    s,
    `reading the issue types of ${s.key}`,
    () => s.client.issues.getCreateIssueMetaIssueTypes({ projectIdOrKey: s.key, maxResults: 200 }),
    what,
  );
  const types = ((page.issueTypes ?? page.createMetaIssueType ?? []) as JiraIssueType[]).filter(
    (t) => typeof t.id === 'string' && typeof t.name === 'string',
  );
  // Jira's hierarchy: 1 is the Epic level, 0 the standard types, -1 subtasks; names are the fallback.
  const epicType = types.find((t) => t.hierarchyLevel === 1) ?? types.find((t) => /^epic$/i.test(t.name));
  const standard = types.filter((t) => !t.subtask && (t.hierarchyLevel ?? 0) === 0);
  const storyType = standard.find((t) => /^story$/i.test(t.name)) ?? standard[0];
  if (!epicType || !storyType)
    throw new TrackerError(
      'tracker_refused',
      `Project ${s.key} has no ${!epicType ? 'Epic' : 'standard (Story)'} issue type Puffin may create ` +
        `(it offers: ${types.map((t) => t.name).join(', ') || 'none'}). Add one in the project's settings.`,
      { tracker: 'jira', fields: { issuetype: 'no Epic or Story type' }, types: types.map((t) => t.name) },
    );
  return { key: s.key, epicType, storyType };
}

/** Moves an issue to a done status through one of its transitions; false when none leads there. */
export async function transitionToDone(s: JiraSession, issueKey: string): Promise<boolean> {
  const { transitions = [] } = await step(s, `reading the transitions of ${issueKey}`, () =>
    s.client.issues.getTransitions({ issueIdOrKey: issueKey }),
  );
  const done = transitions.find((t) => t.to?.statusCategory?.key === 'done');
  if (!done?.id) return false;
  await step(s, `moving ${issueKey} to ${done.to?.name ?? 'done'}`, () =>
    s.client.issues.doTransition({ issueIdOrKey: issueKey, transition: { id: done.id } }),
  );
  return true;
}
