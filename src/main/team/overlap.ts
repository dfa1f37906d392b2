/**
 * `puffin overlap`: work in flight on different branches that touches the same files, found before the branches
 * are merged. For each pair of branches: the files each side plans (the current plan of every open sprint that is
 * not open on the other side too: one both inherited is nobody's news) and the files each side changed since their
 * merge base (git's diff). Any file both sides plan or change is an overlap, named with the sprints that plan it.
 */
import type { PlanItem } from '../../shared/plans';
import type { InFlight, Overlap } from '../../shared/team';
import { normalizePath } from '../verify/plannedFiles';
import { isPuffinOutput } from '../verify/puffinOutputs';
import { git } from '../base/gitRepo';
import { branchesOf, recordsAt, repoStoreOf, type BlobCache, type RepoStore } from './branchStore';

type How = 'planned' | 'changed';

interface SprintRecord {
  id: string;
  title?: string;
  status?: string;
  storyIds?: string[];
}
interface PlanRecord {
  current?: number;
  revisions?: { number: number; plan?: { planItems?: Pick<PlanItem, 'filesCreated' | 'filesModified'>[] } }[];
}

interface Side {
  branch: string;
  commit: string;
  /** Open sprints and the files each plans (project-relative). */
  sprints: { sprint: InFlight; files: Set<string> }[];
}

function plannedFiles(plan: PlanRecord | undefined): Set<string> {
  const rev = plan?.revisions?.find((r) => r.number === plan.current) ?? plan?.revisions?.at(-1);
  const files = (rev?.plan?.planItems ?? []).flatMap((i) => [
    ...(i.filesCreated ?? []),
    ...(i.filesModified ?? []),
  ]);
  return new Set(files.map(normalizePath).filter((f) => f !== '' && !isPuffinOutput(f)));
}

async function sideOf(repo: RepoStore, branch: string, commit: string, cache: BlobCache): Promise<Side> {
  const records = await recordsAt(repo, commit, ['sprints', 'plans'], cache);
  const sprints: Side['sprints'] = [];
  for (const [rel, value] of records) {
    const m = /^sprints\/([^/]+)\.json$/.exec(rel);
    const s = value as SprintRecord;
    if (!m || s.status !== 'open') continue;
    const sprint = {
      branch,
      sprintId: m[1]!,
      title: String(s.title ?? ''),
      storyIds: [...(s.storyIds ?? [])],
    };
    sprints.push({
      sprint,
      files: plannedFiles(records.get(`plans/${m[1]}.json`) as PlanRecord | undefined),
    });
  }
  return { branch, commit, sprints };
}

/** Files changed between two commits, relative to the project, Puffin's own outputs left out. */
async function changedBetween(
  repo: RepoStore,
  projectDir: string,
  from: string,
  to: string,
): Promise<Set<string>> {
  const out = await git(projectDir, [
    'diff',
    '--name-only',
    '--no-renames',
    '--relative',
    '-z',
    from,
    to,
    '--',
  ]);
  return new Set(
    out
      .split('\0')
      .filter(Boolean)
      .filter((f) => !isPuffinOutput(f)),
  );
}

async function pairOverlap(repo: RepoStore, projectDir: string, a: Side, b: Side): Promise<Overlap | null> {
  const base = (await git(repo.root, ['merge-base', a.commit, b.commit]).catch(() => '')).trim();
  const [changedA, changedB] = base
    ? await Promise.all([
        changedBetween(repo, projectDir, base, a.commit),
        changedBetween(repo, projectDir, base, b.commit),
      ])
    : [new Set<string>(), new Set<string>()];
  const openOn = (s: Side) => new Set(s.sprints.map((x) => x.sprint.sprintId));
  const [openA, openB] = [openOn(a), openOn(b)];
  const ownA = a.sprints.filter((x) => !openB.has(x.sprint.sprintId));
  const ownB = b.sprints.filter((x) => !openA.has(x.sprint.sprintId));
  const how = (own: Side['sprints'], changed: Set<string>, f: string): How[] => [
    ...(own.some((x) => x.files.has(f)) ? (['planned'] as const) : []),
    ...(changed.has(f) ? (['changed'] as const) : []),
  ];
  const candidates = new Set([...ownA.flatMap((x) => [...x.files]), ...changedA]);
  const files = [...candidates]
    .map((path) => ({ path, how: [how(ownA, changedA, path), how(ownB, changedB, path)] as [How[], How[]] }))
    .filter((f) => f.how[0].length > 0 && f.how[1].length > 0)
    .sort((x, y) => x.path.localeCompare(y.path));
  if (files.length === 0) return null;
  const paths = new Set(files.map((f) => f.path));
  const planning = (own: Side['sprints']) =>
    own.filter((x) => [...x.files].some((f) => paths.has(f))).map((x) => x.sprint);
  return { branches: [a.branch, b.branch], sprints: [planning(ownA), planning(ownB)], files };
}

export async function findOverlaps(
  projectDir: string,
  asked?: readonly string[],
): Promise<{ branches: string[]; overlaps: Overlap[]; warnings: string[] }> {
  const repo = await repoStoreOf(projectDir, 'overlap compares branches.');
  const branches = await branchesOf(repo, asked);
  const sides: Side[] = [];
  const cache: BlobCache = new Map();
  for (const [branch, commit] of branches) sides.push(await sideOf(repo, branch, commit, cache));
  const overlaps: Overlap[] = [];
  for (let i = 0; i < sides.length; i++)
    for (let j = i + 1; j < sides.length; j++) {
      const o = await pairOverlap(repo, projectDir, sides[i]!, sides[j]!);
      if (o) overlaps.push(o);
    }
  const warnings =
    sides.length < 2
      ? [`Only ${sides.length} branch to compare: overlap needs two or more (--branches A,B).`]
      : [];
  return { branches: [...branches.keys()], overlaps, warnings };
}
