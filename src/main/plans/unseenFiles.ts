/**
 * Guessed paths in grounded output (see llm/grounding/unseenPaths.ts): a plan's file to modify that does not exist
 * and that the model never read, and an assertion on such a file (one the plan does not create).
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Assertion } from '../../shared/assertions';
import type { GroundingRecord } from '../../shared/grounding';
import type { FileIssue, Plan } from '../../shared/plans';
import {
  assertionReferences,
  flagUnseenPaths,
  planReferences,
  plannedFiles,
} from '../llm/grounding/unseenPaths';

export function markUnseen(issues: FileIssue[], plan: Plan, filesRead: readonly string[]): FileIssue[] {
  const missing = new Set(issues.filter((i) => i.kind === 'modified_missing').map((i) => i.path));
  const refs = planReferences(plan).filter((r) => missing.has(r.path));
  const flags = flagUnseenPaths(refs, { read: filesRead, files: [], planned: plannedFiles(plan) });
  const flagged = new Map(flags.map((f) => [`${f.owner}\u0000${f.path}`, f]));
  return issues.map((issue) => {
    const flag =
      issue.kind === 'modified_missing' && flagged.get(`story ${issue.storyId}\u0000${issue.path}`);
    return flag ? { ...issue, kind: 'unseen_missing', message: flag.message } : issue;
  });
}

/** One warning per assertion of a grounded call whose target does not exist, was never read, and is not planned. */
export async function unseenTargetWarnings(
  root: string,
  assertions: readonly Pick<Assertion, 'id' | 'target'>[],
  grounding: GroundingRecord | undefined,
  plan: Plan,
): Promise<string[]> {
  if (!grounding) return [];
  const refs = assertionReferences(assertions);
  const exists = await Promise.all(
    refs.map((r) =>
      stat(path.resolve(root, r.path)).then(
        () => true,
        () => false,
      ),
    ),
  );
  const files = refs.filter((_, i) => exists[i]).map((r) => r.path);
  const flags = flagUnseenPaths(refs, { read: grounding.filesRead, files, planned: plannedFiles(plan) });
  return flags.map((f) => f.message);
}
