// The routes of the loopback Jira Cloud REST API v3 (see mockJiraApi.ts), written from Atlassian's reference
// (developer.atlassian.com/cloud/jira/platform/rest/v3: projects, issues, issue create metadata, transitions,
// issue search). Bodies are what the reference documents, errors included: `{errorMessages: [], errors: {field: why}}`.

export interface MockJiraIssue {
  id: string;
  key: string;
  fields: {
    project: { key: string };
    summary: string;
    description: unknown;
    issuetype: { id: string; name: string; hierarchyLevel: number };
    parent?: { key: string };
    labels: string[];
    status: { id: string; name: string; statusCategory: { key: string } };
  };
}

export interface MockJiraState {
  projects: Map<string, { id: string; key: string; name: string }>;
  issueTypes: { id: string; name: string; subtask: boolean; hierarchyLevel: number }[];
  issues: MockJiraIssue[];
  /** Fields the create and edit screens do not have: setting them is refused with 400, naming the field. */
  refusedFields: Set<string>;
  nextId: number;
  /** Jira never gives a deleted issue's key to another: one counter per project. */
  counters: Map<string, number>;
}

export interface Answer {
  status: number;
  body?: unknown;
}

const STATUSES = {
  '11': { id: '10000', name: 'To Do', statusCategory: { key: 'new' } },
  '21': { id: '10001', name: 'In Progress', statusCategory: { key: 'indeterminate' } },
  '31': { id: '10002', name: 'Done', statusCategory: { key: 'done' } },
} as const;

const ON_SCREEN = new Set(['project', 'issuetype', 'summary', 'description', 'parent', 'labels']);

export function newJiraState(projectKeys: string[]): MockJiraState {
  return {
    projects: new Map(
      projectKeys.map((k, i) => [k, { id: String(10000 + i), key: k, name: `Project ${k}` }]),
    ),
    issueTypes: [
      { id: '10001', name: 'Epic', subtask: false, hierarchyLevel: 1 },
      { id: '10002', name: 'Task', subtask: false, hierarchyLevel: 0 },
      { id: '10003', name: 'Story', subtask: false, hierarchyLevel: 0 },
      { id: '10004', name: 'Subtask', subtask: true, hierarchyLevel: -1 },
    ],
    issues: [],
    refusedFields: new Set(),
    nextId: 10100,
    counters: new Map(),
  };
}

const refused = (errors: Record<string, string>): Answer => ({
  status: 400,
  body: { errorMessages: [], errors },
});
const notFound = (message: string): Answer => ({
  status: 404,
  body: { errorMessages: [message], errors: {} },
});
const NO_ISSUE = 'Issue does not exist or you do not have permission to see it.';

function isAdf(v: unknown): boolean {
  const d = v as { type?: unknown; version?: unknown; content?: unknown };
  return (
    typeof d === 'object' && d !== null && d.type === 'doc' && d.version === 1 && Array.isArray(d.content)
  );
}

/** The checks Jira makes on the fields of a create or an edit; null when they pass. */
function checkFields(
  state: MockJiraState,
  fields: Record<string, unknown>,
  creating: boolean,
): Answer | null {
  const errors: Record<string, string> = {};
  for (const name of Object.keys(fields))
    if (!ON_SCREEN.has(name) || state.refusedFields.has(name))
      errors[name] = `Field '${name}' cannot be set. It is not on the appropriate screen, or unknown.`;
  if (creating || 'summary' in fields) {
    const summary = fields.summary;
    if (typeof summary !== 'string' || summary.trim() === '')
      errors.summary = 'You must specify a summary of the issue.';
    else if (summary.length > 255) errors.summary = 'Summary must be less than 255 characters.';
    else if (/[\r\n]/.test(summary))
      errors.summary = 'The summary is invalid because it contains newline characters.';
  }
  if ('description' in fields && fields.description !== null && !isAdf(fields.description))
    errors.description = 'Operation value must be an Atlassian Document (see the Atlassian Document Format).';
  if ('parent' in fields) {
    const key = (fields.parent as { key?: string } | undefined)?.key;
    if (!state.issues.some((i) => i.key === key)) errors.parent = 'Could not find issue by id or key.';
  }
  return Object.keys(errors).length > 0 ? refused(errors) : null;
}

function createIssue(
  state: MockJiraState,
  body: { fields?: Record<string, unknown> },
  baseUrl: string,
): Answer {
  const fields = body.fields ?? {};
  const project = state.projects.get((fields.project as { key?: string } | undefined)?.key ?? '');
  if (!project) return refused({ project: 'valid project is required' });
  const type = state.issueTypes.find((t) => t.id === (fields.issuetype as { id?: string } | undefined)?.id);
  if (!type) return refused({ issuetype: 'valid issue type is required' });
  const bad = checkFields(state, fields, true);
  if (bad) return bad;
  const number = (state.counters.get(project.key) ?? 0) + 1;
  state.counters.set(project.key, number);
  const issue: MockJiraIssue = {
    id: String(state.nextId++),
    key: `${project.key}-${number}`,
    fields: {
      project: { key: project.key },
      summary: fields.summary as string,
      description: fields.description ?? null,
      issuetype: { id: type.id, name: type.name, hierarchyLevel: type.hierarchyLevel },
      ...(fields.parent ? { parent: { key: (fields.parent as { key: string }).key } } : {}),
      labels: Array.isArray(fields.labels) ? (fields.labels as string[]) : [],
      status: { ...STATUSES['11'] },
    },
  };
  state.issues.push(issue);
  return {
    status: 201,
    body: { id: issue.id, key: issue.key, self: `${baseUrl}/rest/api/3/issue/${issue.id}` },
  };
}

/** `project = KEY [AND labels = L] [AND labels != L]`: the JQL an import sends. */
function search(
  state: MockJiraState,
  body: { jql?: string; maxResults?: number; nextPageToken?: string },
): Answer {
  const jql = body.jql ?? '';
  const project = /project\s*=\s*"?([A-Za-z0-9_]+)"?/i.exec(jql)?.[1];
  if (!project || !state.projects.has(project))
    return refused({ jql: `The value '${project ?? ''}' does not exist for the field 'project'.` });
  const has = /labels\s*=\s*"?([^"\s)]+)"?/i.exec(jql)?.[1];
  const hasNot = /labels\s*!=\s*"?([^"\s)]+)"?/i.exec(jql)?.[1];
  const all = state.issues.filter(
    (i) =>
      i.fields.project.key === project &&
      (!has || i.fields.labels.includes(has)) &&
      (!hasNot || !i.fields.labels.includes(hasNot)),
  );
  const start = Number(body.nextPageToken ?? 0);
  const size = Math.min(body.maxResults ?? 50, 50);
  const page = all.slice(start, start + size);
  const more = start + size < all.length;
  return {
    status: 200,
    body: { issues: page, isLast: !more, ...(more ? { nextPageToken: String(start + size) } : {}) },
  };
}

export function handleJira(
  state: MockJiraState,
  req: { method: string; path: string; body: unknown; baseUrl: string },
): Answer {
  const { method, path } = req;
  const body = (req.body ?? {}) as Record<string, unknown>;
  if (method === 'GET' && path === '/rest/api/3/myself')
    return {
      status: 200,
      body: { accountId: '5b10a2844c20165700ede21g', displayName: 'Mock User', active: true },
    };
  let m = /^\/rest\/api\/3\/project\/([^/]+)$/.exec(path);
  if (m && method === 'GET') {
    const p = state.projects.get(decodeURIComponent(m[1]!));
    return p ? { status: 200, body: p } : notFound(`No project could be found with key '${m[1]}'.`);
  }
  m = /^\/rest\/api\/3\/issue\/createmeta\/([^/]+)\/issuetypes$/.exec(path);
  if (m && method === 'GET') {
    if (!state.projects.has(decodeURIComponent(m[1]!)))
      return notFound(`No project could be found with key '${m[1]}'.`);
    return {
      status: 200,
      body: { issueTypes: state.issueTypes, maxResults: 200, startAt: 0, total: state.issueTypes.length },
    };
  }
  if (path === '/rest/api/3/issue' && method === 'POST') return createIssue(state, body, req.baseUrl);
  if (path === '/rest/api/3/search/jql' && method === 'POST') return search(state, body);
  m = /^\/rest\/api\/3\/issue\/([^/]+)(\/transitions)?$/.exec(path);
  if (m) {
    const ref = decodeURIComponent(m[1]!);
    const issue = state.issues.find((i) => i.key === ref || i.id === ref);
    if (!issue) return notFound(NO_ISSUE);
    if (!m[2] && method === 'GET')
      return { status: 200, body: { ...issue, self: `${req.baseUrl}/rest/api/3/issue/${issue.id}` } };
    if (!m[2] && method === 'PUT') {
      const fields = (body.fields ?? {}) as Record<string, unknown>;
      const bad = checkFields(state, fields, false);
      if (bad) return bad;
      Object.assign(issue.fields, fields);
      return { status: 204 };
    }
    if (m[2] && method === 'GET')
      return {
        status: 200,
        body: {
          transitions: Object.entries(STATUSES).map(([id, to]) => ({
            id,
            name: to.name,
            to,
            isAvailable: true,
          })),
        },
      };
    if (m[2] && method === 'POST') {
      const id = (body.transition as { id?: string } | undefined)?.id ?? '';
      const to = STATUSES[id as keyof typeof STATUSES];
      if (!to)
        return {
          status: 400,
          body: { errorMessages: [`Transition id '${id}' is not valid for this issue.`], errors: {} },
        };
      issue.fields.status = { ...to };
      return { status: 204 };
    }
  }
  return notFound(`No route for ${method} ${path}`);
}
