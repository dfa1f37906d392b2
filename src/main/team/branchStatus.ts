/**
 * `puffin status`: each story's verdict on each branch, from what each branch has stored (its stories, assertion
 * sets and recorded runs), read from git's objects. Nothing is evaluated: a branch's verdict is the one its last
 * recorded run gave, as `puffin verify` on that branch last reported it.
 */
import type { AssertionHistory, StoryAssertions } from '../../shared/assertions';
import { shortIds } from '../../shared/shortIds';
import type { Story } from '../../shared/stories';
import type { BranchVerdict, BranchVerdicts, TeamStatus } from '../../shared/team';
import { verifyStory } from '../verify/storyStatus';
import { branchesOf, recordsAt, repoStoreOf } from './branchStore';

/** A story's verdict from its stored set and runs: the last run judged against the runs before it. */
export function storedVerdict(
  set: StoryAssertions | undefined,
  history: AssertionHistory | undefined,
): BranchVerdict {
  const assertions = set?.assertions ?? [];
  if (assertions.length === 0) return 'unspecified';
  const runs = history?.runs ?? [];
  const last = runs.at(-1);
  if (!last) return 'not_run';
  const results = assertions.map(
    (a) =>
      last.results.find((r) => r.assertionId === a.id) ?? {
        assertionId: a.id,
        status: 'error' as const,
        reason: 'not in the last recorded run',
        durationMs: 0,
      },
  );
  return verifyStory({ id: '', title: '', assertions, results, earlierRuns: runs.slice(0, -1) }).status;
}

const FOLDERS_READ = ['stories', 'assertions'];

export async function teamStatus(projectDir: string, asked?: readonly string[]): Promise<TeamStatus> {
  const repo = await repoStoreOf(projectDir, 'branches are what status compares.');
  const branches = await branchesOf(repo, asked);
  const byStory = new Map<string, { title: string; verdicts: Record<string, BranchVerdict | null> }>();
  const cache = new Map<string, unknown>();
  for (const [branch, commit] of branches) {
    const records = await recordsAt(repo, commit, FOLDERS_READ, cache);
    for (const [rel, value] of records) {
      const m = /^stories\/([^/]+)\.json$/.exec(rel);
      if (!m) continue;
      const story = value as Partial<Story>;
      const id = m[1]!;
      const set = records.get(`assertions/${id}.json`) as StoryAssertions | undefined;
      const history = records.get(`assertions/results/${id}.json`) as AssertionHistory | undefined;
      const row = byStory.get(id) ?? { title: String(story.title ?? ''), verdicts: {} };
      row.verdicts[branch] = storedVerdict(set, history);
      byStory.set(id, row);
    }
  }
  const names = [...branches.keys()];
  const short = shortIds([...byStory.keys()]);
  const stories: BranchVerdicts[] = [...byStory.entries()]
    .map(([id, row]) => ({
      id,
      shortId: short.get(id)!,
      title: row.title,
      verdicts: Object.fromEntries(names.map((b) => [b, row.verdicts[b] ?? null])),
    }))
    .sort((a, b) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id));
  return { branches: names, stories };
}
