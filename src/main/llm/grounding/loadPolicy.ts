/**
 * The grounding policy of a project as it stands: what git ignores, and, when the project settings allow some
 * sensitive files, which sensitive files there are (so the others can be refused one by one).
 */
import { listIgnored } from './ignoredFiles';
import { buildGroundingPolicy, type GroundingPolicy } from './policy';
import { sensitiveMatch } from './sensitive';
import { walkFiles } from './walkFiles';

export async function loadGroundingPolicy(
  root: string,
  allow: readonly string[] = [],
): Promise<GroundingPolicy> {
  return (await loadKeyedGroundingPolicy(root, allow)).policy;
}

export interface KeyedPolicy {
  policy: GroundingPolicy;
  /** Equal whenever the policy's inputs are (what git ignores, what is allowed, and which files that allows). */
  key: string;
}

/** `ignored`: what git ignores, when the caller has it already (repoMap/gitListing.ts's status). */
export async function loadKeyedGroundingPolicy(
  root: string,
  allow: readonly string[] = [],
  known?: readonly string[],
): Promise<KeyedPolicy> {
  const ignored = known ? [...known] : await listIgnored(root);
  if (allow.length === 0)
    return { policy: buildGroundingPolicy({ ignored }), key: JSON.stringify([ignored]) };
  const under = (rel: string): boolean =>
    ignored.some((e) => rel === e.replace(/\/$/, '') || (e.endsWith('/') && rel.startsWith(e)));
  const files = (await walkFiles(root, under)).files.map((f) => f.rel).filter((rel) => sensitiveMatch(rel));
  return {
    policy: buildGroundingPolicy({ allow, ignored, files }),
    key: JSON.stringify([ignored, allow, files]),
  };
}
