// What a Linear export needs before any issue: the team (by its key), its workflow states, and the `puffin` label.
import { TrackerError } from '../errors';
import { step, type TrackerSession } from '../session';
import { gql, type LinearClient } from './client';

export interface LinearSession extends TrackerSession {
  client: LinearClient;
  /** The team key, e.g. ENG. */
  team: string;
}

export interface LinearState {
  id: string;
  name: string;
  /** triage, backlog, unstarted, started, completed, canceled */
  type: string;
  position: number;
}

export interface LinearTeam {
  id: string;
  key: string;
  states: LinearState[];
}

const TEAM = `query PuffinTeam($key: String!) {
  teams(filter: { key: { eq: $key } }) {
    nodes { id key name states { nodes { id name type position } } }
  }
}`;

const LABEL = `query PuffinLabel($name: String!) {
  issueLabels(filter: { name: { eq: $name } }) { nodes { id name } }
}`;

const LABEL_CREATE = `mutation PuffinLabelCreate($input: IssueLabelCreateInput!) {
  issueLabelCreate(input: $input) { success issueLabel { id name } }
}`;

export const PUFFIN_LABEL = 'puffin';

const VIEWER = `query PuffinViewer { viewer { id name email } }`;

/** Whose API key this is: Test connection's first read. */
export async function viewerName(s: LinearSession): Promise<string> {
  const data = await step(s, 'reading the account', () =>
    gql<{ viewer: { name?: string; email?: string } }>(s.client, VIEWER),
  );
  return data.viewer.name ?? data.viewer.email ?? '';
}

export async function readTeam(s: LinearSession): Promise<LinearTeam> {
  const data = await step(s, `reading the team ${s.team}`, () =>
    gql<{ teams: { nodes: { id: string; key: string; states: { nodes: LinearState[] } }[] } }>(
      s.client,
      TEAM,
      {
        key: s.team,
      },
    ),
  );
  const team = data.teams.nodes[0];
  if (!team)
    throw new TrackerError(
      'tracker_not_found',
      `Linear at ${s.site} has no team with the key ${s.team} that this API key can see. Check --team (the short ` +
        'key shown in issue identifiers, e.g. ENG) and --api-url.',
      { tracker: 'linear', status: 404, what: `the team ${s.team}` },
    );
  return { id: team.id, key: team.key, states: team.states.nodes };
}

export async function ensureLabel(s: LinearSession, teamId: string): Promise<string> {
  const found = await step(s, 'reading the puffin label', () =>
    gql<{ issueLabels: { nodes: { id: string }[] } }>(s.client, LABEL, { name: PUFFIN_LABEL }),
  );
  const id = found.issueLabels.nodes[0]?.id;
  if (id) return id;
  const created = await step(s, 'creating the puffin label', () =>
    gql<{ issueLabelCreate: { issueLabel: { id: string } } }>(s.client, LABEL_CREATE, {
      input: {
        name: PUFFIN_LABEL,
        color: '#1f6feb',
        description: 'Exported by Puffin from a user story',
        teamId,
      },
    }),
  );
  return created.issueLabelCreate.issueLabel.id;
}

/** The team's first completed state (by position): where --close-verified moves verified stories. */
export function completedState(team: LinearTeam): LinearState | undefined {
  return team.states.filter((st) => st.type === 'completed').sort((a, b) => a.position - b.position)[0];
}
