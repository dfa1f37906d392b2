/**
 * One story's assertions at the current tree, recorded like `puffin verify` records its runs, as an agent reads
 * it: the verdict, what fails and where, and what passed before and fails now.
 */
import type { AgentFailure, AgentVerification } from '../../shared/ipc/agentChannels';
import type { Story } from '../../shared/stories';
import { isChecked } from '../../shared/verify';
import { projectVerifySource } from '../verify/projectSource';

/** Bounds what one answer carries: an agent reads every word of it. */
const MAX_FAILURES = 50;
const MAX_REASON = 500;

export async function verifyOneStory(
  dir: string,
  story: Pick<Story, 'id' | 'title'>,
): Promise<AgentVerification> {
  const base = projectVerifySource(dir);
  const source = { ...base, stories: async () => [{ id: story.id, title: story.title }] };
  // Loaded when used: the evaluators are heavy.
  const { verifyProject } = await import('../verify/verifyProject');
  const { report, messages } = await verifyProject(dir, source);
  const result = report.stories[0]!;
  // Always checked (its ref is not flagged), though the report's type allows a story reported by id alone.
  const { results, regressions } = isChecked(result) ? result : { results: [], regressions: [] };
  const assertions = await base.assertions(story.id).catch(() => []);
  const targets = new Map(assertions.map((a) => [a.id, typeof a.target === 'string' ? a.target : null]));
  const failing: AgentFailure[] = results
    .filter((r) => r.status !== 'pass')
    .slice(0, MAX_FAILURES)
    .map((r) => ({
      assertion: r.assertionId,
      message: messages.get(story.id)?.get(r.assertionId) ?? '',
      reason: r.reason.slice(0, MAX_REASON),
      file: r.location?.file ?? targets.get(r.assertionId) ?? null,
      line: r.location?.line ?? null,
    }));
  return {
    id: story.id,
    status: result.status,
    failing,
    regressions: regressions.map((g) => ({
      assertion: g.assertionId,
      message: g.message,
      lastPassedCommit: g.lastPassedCommit,
    })),
  };
}
