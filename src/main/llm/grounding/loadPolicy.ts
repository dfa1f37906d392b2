/**
 * The grounding policy of a project as it stands: what git ignores, and, when the project settings allow some
 * sensitive files, which sensitive files there are (so the others can be refused one by one).
 */
import { listIgnored } from './ignoredFiles';
import { buildGroundingPolicy, type GroundingPolicy } from './policy';
import { sensitiveMatch } from './sensitive';
import { walkFiles, WALK_SKIP_DIRS } from './walkFiles';

export async function loadGroundingPolicy(
  root: string,
  allow: readonly string[] = [],
): Promise<GroundingPolicy> {
  return (await loadKeyedGroundingPolicy(root, allow)).policy;
}

export interface KeyedPolicy {
  policy: GroundingPolicy;
  /**
   * Equal whenever the policy's inputs are as far as the repo map can tell (what git ignores, what is allowed, and
   * which files that allows): what git ignores inside a folder the map never enters does not count, so the map's
   * own cache appearing there after the first build does not void it.
   */
  key: string;
}

/** Inside dependencies, git's data or Puffin's store: folders no map or walk enters. */
const inSkipped = (entry: string): boolean => entry.split('/').some((part) => WALK_SKIP_DIRS.includes(part));

/** `ignored`: what git ignores, when the caller has it already (repoMap/gitListing.ts's status). */
export async function loadKeyedGroundingPolicy(
  root: string,
  allow: readonly string[] = [],
  known?: readonly string[],
): Promise<KeyedPolicy> {
  const ignored = known ? [...known] : await listIgnored(root);
  const keyed = ignored.filter((e) => !inSkipped(e));
  if (allow.length === 0) return { policy: buildGroundingPolicy({ ignored }), key: JSON.stringify([keyed]) };
  const under = (rel: string): boolean =>
    ignored.some((e) => rel === e.replace(/\/$/, '') || (e.endsWith('/') && rel.startsWith(e)));
  const files = (await walkFiles(root, under)).files.map((f) => f.rel).filter((rel) => sensitiveMatch(rel));
  return {
    policy: buildGroundingPolicy({ allow, ignored, files }),
    key: JSON.stringify([keyed, allow, files]),
  };
}
