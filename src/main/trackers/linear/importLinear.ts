// `puffin linear import`: the team's issues not created by Puffin (optionally only those labelled --label) become
// backlog stories, linked in .puffin/trackers so a rerun updates them.
import type { Story } from '../../../shared/stories';
import type { StoriesRepo } from '../../store/storiesRepo';
import { importIssues, MAX_IMPORT, type ListedIssue } from '../importIssues';
import { storeTrackerLinks, type TrackerLinksStore } from '../links';
import { step } from '../session';
import type { TrackerImportResult } from '../types';
import { gql } from './client';
import { linearSession, type LinearExportOptions } from './exportLinear';
import { ISSUE_FIELDS, type LinearIssueData } from './issues';
import { readTeam, type LinearSession } from './team';

export interface LinearImportOptions extends Pick<
  LinearExportOptions,
  'team' | 'apiUrl' | 'env' | 'storedKey' | 'budget' | 'signal' | 'client' | 'now'
> {
  projectDir: string;
  label?: string;
  stories: StoriesRepo;
  onChanged?: (stories: Story[]) => void;
  links?: TrackerLinksStore;
}

const TEAM_ISSUES = `query PuffinTeamIssues($teamId: ID!, $after: String) {
  issues(filter: { team: { id: { eq: $teamId } } }, first: 50, after: $after) {
    nodes { ${ISSUE_FIELDS} labels { nodes { name } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

type Listed = LinearIssueData & { labels?: { nodes: { name: string }[] } };

export async function listLinearIssues(
  s: LinearSession,
  teamId: string,
  label?: string,
): Promise<ListedIssue[]> {
  const out: ListedIssue[] = [];
  let after: string | null = null;
  do {
    const data: {
      issues: { nodes: Listed[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
    } = await step(s, `listing the issues of team ${s.team}`, () =>
      gql(s.client, TEAM_ISSUES, { teamId, ...(after ? { after } : {}) }),
    );
    for (const i of data.issues.nodes) {
      const labels = (i.labels?.nodes ?? []).map((l) => l.name);
      if (label && !labels.includes(label)) continue;
      const markdown = i.description ?? '';
      out.push({
        id: i.id,
        key: i.identifier,
        url: i.url,
        title: i.title,
        markdown,
        labels,
        byPuffin: /Exported by Puffin from story/.test(markdown),
      });
    }
    after = data.issues.pageInfo.hasNextPage ? data.issues.pageInfo.endCursor : null;
  } while (after && out.length <= MAX_IMPORT);
  return out;
}

export async function importFromLinear(o: LinearImportOptions): Promise<TrackerImportResult> {
  const s = await linearSession(o);
  const team = await readTeam(s);
  const issues = await listLinearIssues(s, team.id, o.label);
  return importIssues({
    tracker: 'linear',
    site: s.site,
    scope: team.key,
    issues,
    links: o.links ?? storeTrackerLinks(o.projectDir, 'linear', s.site, team.key),
    stories: o.stories,
    ...(o.onChanged ? { onChanged: o.onChanged } : {}),
    ...(o.now ? { now: o.now } : {}),
  });
}
