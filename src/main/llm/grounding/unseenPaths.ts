/**
 * Flags a generated file reference that nothing backs: a plan item or assertion names a file that does not exist in
 * the project and that the model never read. Such a path was guessed (the typical invented `src/utils/helpers.ts`).
 * Files the plan says it will create are expected not to exist and are not flagged; globs are not paths.
 * Pure: the read list and the project's file list come in as data.
 */
import type { Assertion } from '../../../shared/assertions';
import type { PlanItem } from '../../../shared/plans';

/** The part of a plan that names files. */
export interface PlanFiles {
  planItems: readonly Pick<PlanItem, 'storyId' | 'filesModified' | 'filesCreated'>[];
}

export type ReferenceRole = 'modify' | 'create' | 'target';

export interface PathReference {
  path: string;
  /** The story, plan item or assertion that names it, for the message. */
  owner: string;
  /** `create`: the plan creates it; `modify`: the plan changes it; `target`: an assertion checks it. */
  role: ReferenceRole;
}

export interface UnseenPathFlag {
  kind: 'unseen_missing';
  path: string;
  owner: string;
  role: ReferenceRole;
  message: string;
}

export interface ProjectView {
  /** Files the model read (GroundingRecord.filesRead). */
  read: Iterable<string>;
  /** Every file of the project, relative. */
  files: Iterable<string>;
  /** Paths some plan item creates: an assertion on one of them is about the future and is not flagged. */
  planned?: Iterable<string>;
}

function normalize(p: string): string {
  return p
    .trim()
    .replace(/\\/g, '/')
    .replace(/^(\.\/)+/, '')
    .replace(/\/+$/, '');
}

const GLOB = /[*?[\]{}]/;

export function flagUnseenPaths(refs: readonly PathReference[], view: ProjectView): UnseenPathFlag[] {
  const read = new Set([...view.read].map(normalize));
  const files = new Set([...view.files].map(normalize));
  const dirs = new Set<string>();
  for (const f of files) {
    for (let i = f.indexOf('/'); i !== -1; i = f.indexOf('/', i + 1)) dirs.add(f.slice(0, i));
  }
  const planned = new Set([...(view.planned ?? [])].map(normalize));
  const flags: UnseenPathFlag[] = [];
  const seen = new Set<string>();
  for (const ref of refs) {
    const p = normalize(ref.path);
    if (ref.role === 'create' || p === '' || GLOB.test(p) || p.startsWith('/') || p.startsWith('../'))
      continue;
    if (ref.role === 'target' && planned.has(p)) continue;
    if (files.has(p) || dirs.has(p) || read.has(p)) continue;
    const key = `${ref.owner}\u0000${p}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const named = ref.role === 'modify' ? 'is to be modified' : 'is checked';
    flags.push({
      kind: 'unseen_missing',
      path: p,
      owner: ref.owner,
      role: ref.role,
      message: `"${p}" ${named} by ${ref.owner}, but it does not exist and the model never read it: the path was guessed.`,
    });
  }
  return flags;
}

/** The files a plan names: each item's modified files, then its created ones, owned by the item's story. */
export function planReferences(plan: PlanFiles): PathReference[] {
  return plan.planItems.flatMap((item) => [
    ...item.filesModified.map((path) => ({ path, owner: `story ${item.storyId}`, role: 'modify' as const })),
    ...item.filesCreated.map((path) => ({ path, owner: `story ${item.storyId}`, role: 'create' as const })),
  ]);
}

/** The files assertions check, owned by the assertion's id. */
export function assertionReferences(
  assertions: readonly Pick<Assertion, 'id' | 'target'>[],
): PathReference[] {
  return assertions.map((a) => ({ path: a.target, owner: `assertion ${a.id}`, role: 'target' as const }));
}

/** What a plan creates, so that assertions about those files are not flagged. */
export function plannedFiles(plan: PlanFiles): string[] {
  return plan.planItems.flatMap((item) => item.filesCreated);
}
