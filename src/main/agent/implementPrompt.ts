/** What the coding agent is told for one round: the story, its plan item, its RIS and the assertions to satisfy. */
import type { AgentFailure, AgentPlanItem } from '../../shared/ipc/agentChannels';
import type { Story } from '../../shared/stories';
import type { RawAssertion } from '../assertions/evaluate';

/** Bounds the prompt: a RIS or a failure list is cut, never the story itself. */
const MAX_RIS = 40_000;
const MAX_FAILURES = 30;

export function implementPrompt(input: {
  story: Story;
  planItem: AgentPlanItem | null;
  ris: string | null;
  assertions: readonly RawAssertion[];
  failing: readonly AgentFailure[];
}): string {
  const { story, planItem, ris } = input;
  const out = [
    'Implement this user story in the current working directory (a git worktree of the project). Edit files only',
    'here. You are done when every assertion below passes; they are checked after you finish.',
    '',
    `# ${story.title}`,
    '',
    story.description,
    '',
    '## Acceptance criteria',
    ...story.acceptanceCriteria.map((c) => `- ${c}`),
  ];
  if (planItem)
    out.push(
      '',
      '## Plan',
      planItem.approach,
      `Files to create: ${planItem.filesCreated.join(', ') || 'none'}`,
      `Files to modify: ${planItem.filesModified.join(', ') || 'none'}`,
    );
  if (ris) out.push('', '## Ready-to-implement spec', ris.slice(0, MAX_RIS));
  out.push('', '## Assertions that must pass', '```json', JSON.stringify(input.assertions, null, 2), '```');
  if (input.failing.length > 0)
    out.push(
      '',
      '## Still failing after the last round',
      ...input.failing
        .slice(0, MAX_FAILURES)
        .map(
          (f) =>
            `- ${f.assertion}: ${f.message} — ${f.reason}${f.file ? ` (${f.file}${f.line ? `:${f.line}` : ''})` : ''}`,
        ),
    );
  return `${out.join('\n')}\n`;
}
