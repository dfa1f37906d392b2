// Linear's side of the one upsert (../upsert.ts): reading, creating and updating an issue over GraphQL.
import { shortHash } from '../links';
import { step, statusOf } from '../session';
import type { IssueAdapter, RemoteIssue } from '../upsert';
import { gql } from './client';
import type { LinearSession } from './team';

export interface WantedLinearIssue {
  title: string;
  description: string;
  teamId: string;
  labelIds: string[];
  parentId?: string;
  label: string;
}

export const ISSUE_FIELDS =
  'id identifier url title description state { id type name } parent { id identifier }';

const ISSUE = `query PuffinIssue($id: String!) { issue(id: $id) { ${ISSUE_FIELDS} } }`;
const CREATE = `mutation PuffinIssueCreate($input: IssueCreateInput!) {
  issueCreate(input: $input) { success issue { id identifier url } }
}`;
const UPDATE = `mutation PuffinIssueUpdate($id: String!, $input: IssueUpdateInput!) {
  issueUpdate(id: $id, input: $input) { success issue { id identifier url } }
}`;

export interface LinearIssueData {
  id: string;
  identifier: string;
  url: string;
  title: string;
  description?: string | null;
  state?: { id: string; type: string; name: string } | null;
  parent?: { id: string; identifier: string } | null;
}

export function wantedLinearHash(w: WantedLinearIssue): string {
  return shortHash([w.title, w.description, w.parentId ?? null]);
}

export function remoteOf(i: LinearIssueData): RemoteIssue {
  return {
    id: i.id,
    key: i.identifier,
    url: i.url,
    title: i.title,
    body: i.description ?? '',
    done: i.state?.type === 'completed' || i.state?.type === 'canceled',
  };
}

export async function readLinearIssue(s: LinearSession, key: string): Promise<RemoteIssue | null> {
  try {
    const data = await step(s, `reading ${key}`, () =>
      gql<{ issue: LinearIssueData | null }>(s.client, ISSUE, { id: key }),
    );
    return data.issue ? remoteOf(data.issue) : null;
  } catch (err) {
    if (statusOf(err) === 404) return null;
    throw err;
  }
}

export async function updateLinearIssue(
  s: LinearSession,
  key: string,
  input: Record<string, unknown>,
  doing: string,
): Promise<void> {
  await step(s, doing, () => gql(s.client, UPDATE, { id: key, input }));
}

export function linearAdapter(s: LinearSession): IssueAdapter<WantedLinearIssue> {
  return {
    tracker: 'linear',
    toMarkdown: (body) => (typeof body === 'string' ? body : ''),
    read: (key) => readLinearIssue(s, key),
    async create(w) {
      const data = await step(s, `creating the issue of ${w.label}`, () =>
        gql<{ issueCreate: { issue: { id: string; identifier: string; url: string } } }>(s.client, CREATE, {
          input: {
            teamId: w.teamId,
            title: w.title,
            description: w.description,
            labelIds: w.labelIds,
            ...(w.parentId ? { parentId: w.parentId } : {}),
          },
        }),
      );
      const i = data.issueCreate.issue;
      return { id: i.id, key: i.identifier, url: i.url };
    },
    update: (key, w) =>
      updateLinearIssue(
        s,
        key,
        { title: w.title, description: w.description, ...(w.parentId ? { parentId: w.parentId } : {}) },
        `updating ${key} (${w.label})`,
      ),
  };
}
