/**
 * A grounded plan's missing files, told apart: a file to modify that does not exist is a mismatch; when the model
 * never read it either, the path was guessed (see llm/grounding/unseenPaths.ts), and the issue says so.
 */
import type { FileIssue, Plan } from '../../shared/plans';
import { flagUnseenPaths, planReferences, plannedFiles } from '../llm/grounding/unseenPaths';

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
