/**
 * The pieces the workflows' prompts are made of. Every call attaches an output schema, so the prompts say WHAT
 * to produce, never how to format it: no JSON, code fences or field lists (the CLI's StructuredOutput tool
 * carries the format, and inline format instructions make models answer in prose-wrapped JSON).
 */
import type { Plan, PlanItem, SprintQuestions } from '../../shared/plans';
import type { ProjectSettings, Story } from '../../shared/stories';

/** The project context block (description, stack, conventions, paths never to touch), or nothing when it is empty. */
export function projectContext(settings: ProjectSettings): string {
  const parts: string[] = [];
  if (settings.description.trim()) parts.push(`## About the project\n${settings.description.trim()}`);
  if (settings.stack?.trim()) parts.push(`## Stack\n${settings.stack.trim()}`);
  if (settings.conventions.trim()) parts.push(`## Project conventions\n${settings.conventions.trim()}`);
  const never = (settings.neverTouch ?? []).map((p) => p.trim()).filter((p) => p !== '');
  if (never.length > 0) {
    parts.push(
      `## Never touch\nNo work may create, change or delete these paths:\n${never.map((p) => `- ${p}`).join('\n')}`,
    );
  }
  return parts.join('\n\n');
}

/** The body lines, after the project context when there is one. */
export function withContext(settings: ProjectSettings, body: string[]): string {
  const context = projectContext(settings);
  return [...(context ? [context, ''] : []), ...body].join('\n');
}

export function describeStories(stories: readonly Story[]): string {
  return stories
    .map((s) =>
      [
        `### Story ${s.id}`,
        `Title: ${s.title}`,
        `Description: ${s.description}`,
        'Acceptance criteria:',
        ...s.acceptanceCriteria.map((c, i) => `- AC${i + 1}: ${c}`),
      ].join('\n'),
    )
    .join('\n\n');
}

/** The answered questions only: an unanswered question tells the model nothing. */
export function describeAnswers(questions: SprintQuestions | null | undefined): string {
  if (!questions) return '';
  const answered = questions.questions.filter((q) => questions.answers[q.id]?.trim());
  if (answered.length === 0) return '';
  return [
    '## Clarifications from the user',
    ...answered.map(
      (q) => `- (story ${q.storyId}) ${q.question}\n  Answer: ${questions.answers[q.id]!.trim()}`,
    ),
  ].join('\n');
}

export function describeItem(item: PlanItem): string {
  return [
    `### Plan item ${item.order} for story ${item.storyId}: ${item.title}`,
    `Approach: ${item.approach}`,
    `Files created: ${item.filesCreated.join(', ') || 'none'}`,
    `Files modified: ${item.filesModified.join(', ') || 'none'}`,
    `Depends on stories: ${item.dependencies.join(', ') || 'none'}`,
    `Complexity: ${item.complexity}`,
    ...(item.notes.trim() ? [`Notes: ${item.notes}`] : []),
  ].join('\n');
}

export function describePlan(plan: Plan): string {
  return [
    ...plan.planItems.map(describeItem),
    '',
    '### Shared components',
    ...(plan.sharedComponents.length
      ? plan.sharedComponents.map((c) => `- ${c.path}: ${c.purpose} (used by ${c.usedBy.join(', ')})`)
      : ['- none']),
    '',
    '### Risks',
    ...(plan.risks.length
      ? plan.risks.map((r) => `- [${r.impact}] ${r.description}: ${r.mitigation}`)
      : ['- none']),
    '',
    `Implementation order: ${plan.implementationOrder.join(', ')}`,
  ].join('\n');
}

export const STORY_IDS_RULE = '- Refer to stories only by the ids given after "Story" below.';
