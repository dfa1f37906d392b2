// Jira's side of the one upsert (../upsert.ts): reading, creating and editing an issue through jira.js.
import { shortHash } from '../links';
import { step, statusOf } from '../session';
import type { IssueAdapter, RemoteIssue } from '../upsert';
import { adfMarkdown, type AdfDoc } from './adf';
import type { JiraSession } from './project';

export interface WantedJiraIssue {
  summary: string;
  description: AdfDoc;
  issueTypeId: string;
  parentKey?: string;
  /** Who it is for, named in messages. */
  label: string;
}

const FIELDS = ['summary', 'description', 'status', 'parent', 'issuetype', 'labels'];

export function browseUrl(site: string, key: string): string {
  return `${site}/browse/${key}`;
}

export function wantedJiraHash(w: WantedJiraIssue): string {
  return shortHash([w.summary, w.description, w.parentKey ?? null]);
}

export async function readJiraIssue(s: JiraSession, key: string): Promise<RemoteIssue | null> {
  try {
    const issue = await step(s, `reading ${key}`, () =>
      s.client.issues.getIssue({ issueIdOrKey: key, fields: FIELDS }),
    );
    const f = (issue.fields ?? {}) as {
      summary?: string;
      description?: unknown;
      status?: { statusCategory?: { key?: string } };
    };
    return {
      id: String(issue.id),
      key: issue.key,
      url: browseUrl(s.site, issue.key),
      title: f.summary ?? '',
      body: f.description ?? null,
      done: f.status?.statusCategory?.key === 'done',
    };
  } catch (err) {
    if (statusOf(err) === 404) return null;
    throw err;
  }
}

export function jiraAdapter(s: JiraSession): IssueAdapter<WantedJiraIssue> {
  return {
    tracker: 'jira',
    toMarkdown: adfMarkdown,
    read: (key) => readJiraIssue(s, key),
    async create(w) {
      const created = await step(s, `creating the issue of ${w.label}`, () =>
        s.client.issues.createIssue({
          fields: {
            project: { key: s.key },
            issuetype: { id: w.issueTypeId },
            summary: w.summary,
            description: w.description,
            labels: ['puffin'],
            ...(w.parentKey ? { parent: { key: w.parentKey } } : {}),
          },
        }),
      );
      return { id: String(created.id), key: created.key, url: browseUrl(s.site, created.key) };
    },
    async update(key, w) {
      await step(s, `updating ${key} (${w.label})`, () =>
        s.client.issues.editIssue({
          issueIdOrKey: key,
          fields: {
            summary: w.summary,
            description: w.description,
            ...(w.parentKey ? { parent: { key: w.parentKey } } : {}),
          },
        }),
      );
    },
  };
}
