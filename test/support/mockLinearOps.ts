// The operations of the loopback Linear GraphQL API (see mockLinearApi.ts), written from Linear's GraphQL reference
// (studio.apollographql.com/public/Linear-API: teams, issueLabels, issue, issues, issueCreate, issueUpdate,
// issueLabelCreate, viewer) and its error shape: `errors[].extensions {type, code, userPresentableMessage}`.
// Answers carry the fields Puffin's documents select; dispatch is on the operation's name.

export interface MockLinearIssue {
  id: string;
  identifier: string;
  number: number;
  url: string;
  title: string;
  description: string;
  teamId: string;
  parentId: string | null;
  labelIds: string[];
  stateId: string;
  updatedAt: string;
}

export interface MockLinearState {
  teams: { id: string; key: string; name: string }[];
  states: { id: string; name: string; type: string; position: number; teamId: string }[];
  labels: { id: string; name: string }[];
  issues: MockLinearIssue[];
  /** Input fields the API refuses (an argument validation error naming the property). */
  refusedFields: Set<string>;
  counters: Map<string, number>;
  nextId: number;
}

export interface GqlAnswer {
  status: number;
  body: { data?: unknown; errors?: unknown[] };
}

export function newLinearState(teamKeys: string[]): MockLinearState {
  const teams = teamKeys.map((key, i) => ({ id: `team-${i + 1}`, key, name: `Team ${key}` }));
  return {
    teams,
    states: teams.flatMap((t) => [
      { id: `${t.id}-backlog`, name: 'Backlog', type: 'backlog', position: 0, teamId: t.id },
      { id: `${t.id}-todo`, name: 'Todo', type: 'unstarted', position: 1, teamId: t.id },
      { id: `${t.id}-doing`, name: 'In Progress', type: 'started', position: 2, teamId: t.id },
      { id: `${t.id}-done`, name: 'Done', type: 'completed', position: 3, teamId: t.id },
      { id: `${t.id}-canceled`, name: 'Canceled', type: 'canceled', position: 4, teamId: t.id },
    ]),
    labels: [],
    issues: [],
    refusedFields: new Set(),
    counters: new Map(),
    nextId: 1,
  };
}

export const gqlError = (
  status: number,
  message: string,
  type: string,
  code: string,
  extra: object = {},
): GqlAnswer => ({
  status,
  body: { errors: [{ message, extensions: { type, code, userPresentableMessage: message, ...extra } }] },
});

const ok = (data: unknown): GqlAnswer => ({ status: 200, body: { data } });
const notFound = (what: string): GqlAnswer =>
  gqlError(200, `Entity not found: ${what}`, 'invalid input', 'INPUT_ERROR', {
    userPresentableMessage: `Could not find referenced ${what}.`,
  });

function issueView(state: MockLinearState, i: MockLinearIssue): unknown {
  const st = state.states.find((x) => x.id === i.stateId)!;
  const parent = state.issues.find((p) => p.id === i.parentId);
  return {
    id: i.id,
    identifier: i.identifier,
    url: i.url,
    title: i.title,
    description: i.description,
    updatedAt: i.updatedAt,
    state: { id: st.id, type: st.type, name: st.name },
    parent: parent ? { id: parent.id, identifier: parent.identifier } : null,
    labels: { nodes: state.labels.filter((l) => i.labelIds.includes(l.id)) },
    team: { id: i.teamId, key: state.teams.find((t) => t.id === i.teamId)?.key },
  };
}

function find(state: MockLinearState, ref: unknown): MockLinearIssue | undefined {
  return state.issues.find((i) => i.id === ref || i.identifier === ref);
}

/** Linear validates inputs before running a mutation; null when they pass. */
function check(state: MockLinearState, input: Record<string, unknown>, creating: boolean): GqlAnswer | null {
  const bad: { property: string; constraints: Record<string, string> }[] = [];
  for (const k of Object.keys(input))
    if (state.refusedFields.has(k))
      bad.push({ property: k, constraints: { whitelistValidation: `property ${k} should not exist` } });
  if ((creating || 'title' in input) && (typeof input.title !== 'string' || input.title.trim() === ''))
    bad.push({ property: 'title', constraints: { isNotEmpty: 'title should not be empty' } });
  if (bad.length > 0)
    return gqlError(400, 'Argument Validation Error', 'invalid input', 'INVALID_INPUT', {
      validationErrors: bad,
    });
  if (input.parentId !== undefined && !find(state, input.parentId)) return notFound('Issue');
  for (const id of (input.labelIds as string[] | undefined) ?? [])
    if (!state.labels.some((l) => l.id === id)) return notFound('IssueLabel');
  return null;
}

export function runOperation(
  state: MockLinearState,
  op: string,
  vars: Record<string, unknown>,
  now: () => string,
): GqlAnswer {
  switch (op) {
    case 'PuffinViewer':
      return ok({ viewer: { id: 'user-1', name: 'Mock User', email: 'pm@example.com' } });
    case 'PuffinTeam': {
      const teams = state.teams.filter((t) => t.key === vars.key);
      return ok({
        teams: {
          nodes: teams.map((t) => ({
            ...t,
            states: { nodes: state.states.filter((s) => s.teamId === t.id) },
          })),
        },
      });
    }
    case 'PuffinLabel':
      return ok({ issueLabels: { nodes: state.labels.filter((l) => l.name === vars.name) } });
    case 'PuffinLabelCreate': {
      const input = vars.input as { name: string };
      if (state.labels.some((l) => l.name === input.name))
        return gqlError(400, 'Duplicate label name', 'invalid input', 'INVALID_INPUT');
      const label = { id: `label-${state.nextId++}`, name: input.name };
      state.labels.push(label);
      return ok({ issueLabelCreate: { success: true, issueLabel: label } });
    }
    case 'PuffinIssue': {
      const i = find(state, vars.id);
      return i ? ok({ issue: issueView(state, i) }) : notFound('Issue');
    }
    case 'PuffinTeamIssues': {
      const all = state.issues.filter((i) => i.teamId === vars.teamId);
      const start = Number(vars.after ?? 0);
      const page = all.slice(start, start + 50);
      const more = start + 50 < all.length;
      return ok({
        issues: {
          nodes: page.map((i) => issueView(state, i)),
          pageInfo: { hasNextPage: more, endCursor: more ? String(start + 50) : null },
        },
      });
    }
    case 'PuffinIssueCreate': {
      const input = (vars.input ?? {}) as Record<string, unknown>;
      const team = state.teams.find((t) => t.id === input.teamId);
      if (!team) return notFound('Team');
      const bad = check(state, input, true);
      if (bad) return bad;
      const number = (state.counters.get(team.id) ?? 0) + 1;
      state.counters.set(team.id, number);
      const identifier = `${team.key}-${number}`;
      const issue: MockLinearIssue = {
        id: `issue-${state.nextId++}`,
        identifier,
        number,
        url: `https://linear.app/mock/issue/${identifier}`,
        title: input.title as string,
        description: (input.description as string | undefined) ?? '',
        teamId: team.id,
        parentId: find(state, input.parentId)?.id ?? null,
        labelIds: (input.labelIds as string[] | undefined) ?? [],
        stateId: `${team.id}-todo`,
        updatedAt: now(),
      };
      state.issues.push(issue);
      return ok({ issueCreate: { success: true, issue: { id: issue.id, identifier, url: issue.url } } });
    }
    case 'PuffinIssueUpdate': {
      const issue = find(state, vars.id);
      if (!issue) return notFound('Issue');
      const input = (vars.input ?? {}) as Record<string, unknown>;
      const bad = check(state, input, false);
      if (bad) return bad;
      if (typeof input.title === 'string') issue.title = input.title;
      if (typeof input.description === 'string') issue.description = input.description;
      if (input.parentId !== undefined) issue.parentId = find(state, input.parentId)!.id;
      if (typeof input.stateId === 'string') {
        if (!state.states.some((s) => s.id === input.stateId && s.teamId === issue.teamId))
          return notFound('WorkflowState');
        issue.stateId = input.stateId;
      }
      issue.updatedAt = now();
      return ok({
        issueUpdate: { success: true, issue: { id: issue.id, identifier: issue.identifier, url: issue.url } },
      });
    }
    default:
      return gqlError(
        400,
        `Unknown operation ${op} (the mock answers Puffin's documents only)`,
        'graphql error',
        'GRAPHQL_VALIDATION_FAILED',
      );
  }
}
