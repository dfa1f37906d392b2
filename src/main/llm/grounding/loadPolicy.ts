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
  const ignored = await listIgnored(root);
  if (allow.length === 0) return buildGroundingPolicy({ ignored });
  const under = (rel: string): boolean =>
    ignored.some((e) => rel === e.replace(/\/$/, '') || (e.endsWith('/') && rel.startsWith(e)));
  const files = (await walkFiles(root, under)).files.map((f) => f.rel).filter((rel) => sensitiveMatch(rel));
  return buildGroundingPolicy({ allow, ignored, files });
}
