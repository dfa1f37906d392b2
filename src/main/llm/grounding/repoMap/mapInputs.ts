/**
 * What a map build starts from: one `git status` (what changed, and what git ignores) and the grounding policy
 * built from it, so the policy and the map share one walk of the project's folders.
 */
import { loadKeyedGroundingPolicy, type KeyedPolicy } from '../loadPolicy';
import { WALK_BOUNDS } from '../walkFiles';
import { readGitStatus, type GitStatus } from './gitStatus';

export interface MapInputs {
  policy: KeyedPolicy;
  /** Null: not the top of a git work tree (the policy asked git itself, the map walks the tree). */
  gitStatus: GitStatus | null;
}

export async function loadMapInputs(root: string, allow: readonly string[]): Promise<MapInputs> {
  const gitStatus = await readGitStatus(root, performance.now() + WALK_BOUNDS.maxMs).catch(() => null);
  return { gitStatus, policy: await loadKeyedGroundingPolicy(root, allow, gitStatus?.ignored) };
}
