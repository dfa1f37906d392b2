// The repository-scoped routes of the mock GitHub API (see mockGithubApi.ts): objects shaped as GitHub's REST
// reference documents them, trimmed to the fields a client reads.

export interface MockLabel {
  id: number;
  name: string;
  color: string;
  description: string | null;
  default: boolean;
}

export interface MockMilestone {
  id: number;
  number: number;
  title: string;
  description: string | null;
  state: 'open' | 'closed';
  html_url: string;
}

export interface MockIssue {
  id: number;
  number: number;
  title: string;
  body: string | null;
  state: 'open' | 'closed';
  state_reason: 'completed' | 'not_planned' | 'reopened' | null;
  labels: MockLabel[];
  milestone: MockMilestone | null;
  html_url: string;
  url: string;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
}

export interface MockComment {
  id: number;
  issueNumber: number;
  body: string;
}

export interface MockRepoState {
  fullName: string;
  labels: Map<string, MockLabel>;
  milestones: MockMilestone[];
  issues: MockIssue[];
  comments: MockComment[];
  nextId: number;
}

export interface RouteRequest {
  method: string;
  /** The path after /repos/{owner}/{repo}. */
  rest: string;
  query: URLSearchParams;
  body: unknown;
  baseUrl: string;
}

export interface RouteAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const NOT_FOUND: RouteAnswer = {
  status: 404,
  body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' },
};

function validation(resource: string, field: string, code: string): RouteAnswer {
  return {
    status: 422,
    body: {
      message: 'Validation Failed',
      errors: [{ resource, field, code }],
      documentation_url: 'https://docs.github.com/rest',
    },
  };
}

/** One page of a list with GitHub's Link header (rel next/last) when there are more. */
function page<T>(items: T[], req: RouteRequest): RouteAnswer {
  const perPage = Math.min(100, Number(req.query.get('per_page') ?? 30));
  const n = Math.max(1, Number(req.query.get('page') ?? 1));
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const headers: Record<string, string> = {};
  if (n < last) {
    const link = (p: number) => {
      const q = new URLSearchParams(req.query);
      q.set('page', String(p));
      q.set('per_page', String(perPage));
      return `<${req.baseUrl}/repos/x${req.rest}?${q.toString()}>`;
    };
    headers.link = `${link(n + 1)}; rel="next", ${link(last)}; rel="last"`;
  }
  return { status: 200, body: items.slice((n - 1) * perPage, n * perPage), headers };
}

type Body = Record<string, unknown>;

function labelsFrom(state: MockRepoState, names: unknown): MockLabel[] {
  if (!Array.isArray(names)) return [];
  return names.map((n) => {
    const name = typeof n === 'string' ? n : (n as { name: string }).name;
    let label = state.labels.get(name.toLowerCase());
    // Issues may name labels that do not exist yet: GitHub creates them with a default colour.
    if (!label) {
      label = { id: state.nextId++, name, color: 'ededed', description: null, default: false };
      state.labels.set(name.toLowerCase(), label);
    }
    return label;
  });
}

function milestoneFrom(state: MockRepoState, value: unknown): MockMilestone | null | 'invalid' {
  if (value === null || value === undefined) return null;
  return state.milestones.find((m) => m.number === value) ?? 'invalid';
}

function issueRoute(state: MockRepoState, issue: MockIssue, req: RouteRequest, sub: string): RouteAnswer {
  const b = (req.body ?? {}) as Body;
  if (sub === '' && req.method === 'GET') return { status: 200, body: issue };
  if (sub === '/comments' && req.method === 'POST') {
    const comment = { id: state.nextId++, issueNumber: issue.number, body: String(b.body ?? '') };
    state.comments.push(comment);
    return {
      status: 201,
      body: { id: comment.id, body: comment.body, html_url: `${issue.html_url}#issuecomment-${comment.id}` },
    };
  }
  if (sub === '/labels' && req.method === 'POST') {
    for (const l of labelsFrom(state, b.labels))
      if (!issue.labels.some((x) => x.id === l.id)) issue.labels.push(l);
    return { status: 200, body: issue.labels };
  }
  if (sub === '' && req.method === 'PATCH') {
    if ('milestone' in b) {
      const ms = milestoneFrom(state, b.milestone);
      if (ms === 'invalid') return validation('Issue', 'milestone', 'invalid');
      issue.milestone = ms;
    }
    if (typeof b.title === 'string') issue.title = b.title;
    if ('body' in b) issue.body = (b.body as string | null) ?? null;
    if ('labels' in b) issue.labels = labelsFrom(state, b.labels);
    if (b.state === 'closed' || b.state === 'open') {
      issue.state = b.state;
      issue.closed_at = b.state === 'closed' ? new Date().toISOString() : null;
      issue.state_reason =
        b.state === 'closed' ? ((b.state_reason as MockIssue['state_reason']) ?? 'completed') : 'reopened';
    }
    issue.updated_at = new Date().toISOString();
    return { status: 200, body: issue };
  }
  return NOT_FOUND;
}

export function handleRepoRequest(state: MockRepoState, req: RouteRequest): RouteAnswer {
  const b = (req.body ?? {}) as Body;
  const html = `https://github.com/${state.fullName}`;
  if (req.rest === '' && req.method === 'GET') {
    const [owner, name] = state.fullName.split('/');
    return {
      status: 200,
      body: {
        id: 1,
        name,
        full_name: state.fullName,
        owner: { login: owner },
        html_url: html,
        has_issues: true,
        permissions: { admin: false, push: true, pull: true },
      },
    };
  }
  const label = /^\/labels\/([^/]+)$/.exec(req.rest);
  if (label && req.method === 'GET') {
    const found = state.labels.get(decodeURIComponent(label[1]!).toLowerCase());
    return found ? { status: 200, body: found } : NOT_FOUND;
  }
  if (req.rest === '/labels' && req.method === 'POST') {
    const name = String(b.name ?? '');
    if (!name) return validation('Label', 'name', 'missing_field');
    if (state.labels.has(name.toLowerCase())) return validation('Label', 'name', 'already_exists');
    const created = {
      id: state.nextId++,
      name,
      color: String(b.color ?? 'ededed'),
      description: (b.description as string) ?? null,
      default: false,
    };
    state.labels.set(name.toLowerCase(), created);
    return { status: 201, body: created };
  }
  if (req.rest === '/milestones' && req.method === 'GET') {
    const which = req.query.get('state') ?? 'open';
    return page(
      state.milestones.filter((m) => which === 'all' || m.state === which),
      req,
    );
  }
  if (req.rest === '/milestones' && req.method === 'POST') {
    const title = String(b.title ?? '');
    if (!title) return validation('Milestone', 'title', 'missing_field');
    if (state.milestones.some((m) => m.title === title))
      return validation('Milestone', 'title', 'already_exists');
    const number = state.milestones.length + 1;
    const ms: MockMilestone = {
      id: state.nextId++,
      number,
      title,
      description: (b.description as string) ?? null,
      state: 'open',
      html_url: `${html}/milestone/${number}`,
    };
    state.milestones.push(ms);
    return { status: 201, body: ms };
  }
  if (req.rest === '/issues' && req.method === 'GET') {
    const which = req.query.get('state') ?? 'open';
    const wanted = (req.query.get('labels') ?? '')
      .split(',')
      .filter(Boolean)
      .map((l) => l.toLowerCase());
    const list = state.issues.filter(
      (i) =>
        (which === 'all' || i.state === which) &&
        wanted.every((w) => i.labels.some((l) => l.name.toLowerCase() === w)),
    );
    return page(
      [...list].sort((x, y) => y.number - x.number),
      req,
    );
  }
  if (req.rest === '/issues' && req.method === 'POST') {
    if (typeof b.title !== 'string' || b.title === '') return validation('Issue', 'title', 'missing_field');
    const ms = milestoneFrom(state, b.milestone);
    if (ms === 'invalid') return validation('Issue', 'milestone', 'invalid');
    const number = state.issues.length + 1;
    const at = new Date().toISOString();
    const issue: MockIssue = {
      id: state.nextId++,
      number,
      title: b.title,
      body: typeof b.body === 'string' ? b.body : null,
      state: 'open',
      state_reason: null,
      labels: labelsFrom(state, b.labels),
      milestone: ms,
      html_url: `${html}/issues/${number}`,
      url: `${req.baseUrl}/repos/${state.fullName}/issues/${number}`,
      created_at: at,
      updated_at: at,
      closed_at: null,
    };
    state.issues.push(issue);
    return { status: 201, body: issue };
  }
  const issue = /^\/issues\/(\d+)(\/comments|\/labels)?$/.exec(req.rest);
  if (issue) {
    const found = state.issues.find((i) => i.number === Number(issue[1]));
    return found ? issueRoute(state, found, req, issue[2] ?? '') : NOT_FOUND;
  }
  return NOT_FOUND;
}
