/**
 * Prompt text of the plans journey. As with the stories prompts, every call attaches an output schema, so the
 * text says WHAT to produce and never how to format it (no JSON, fences or field lists).
 */
import type { Plan, PlanItem, SprintQuestions } from '../../shared/plans';
import type { ProjectSettings, Story } from '../../shared/stories';
import { projectContext } from '../workflows/prompts';

function withContext(settings: ProjectSettings, body: string[]): string {
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

const STORY_IDS_RULE = '- Refer to stories only by the ids given after "Story" below.';

export function ambiguityPrompt(stories: readonly Story[], settings: ProjectSettings): string {
  return withContext(settings, [
    'Before these user stories are planned, find what is ambiguous in them.',
    '',
    'Guidelines:',
    '- Ask only questions whose answer changes how a story is implemented; say why for each.',
    '- Offer a few likely answers the user can pick as suggestions.',
    '- Give each question a priority; ask nothing when the stories are clear.',
    STORY_IDS_RULE,
    '',
    '## Stories',
    describeStories(stories),
  ]);
}

export function planPrompt(
  stories: readonly Story[],
  questions: SprintQuestions | null,
  settings: ProjectSettings,
): string {
  const answers = describeAnswers(questions);
  return withContext(settings, [
    'Write an implementation plan for these user stories in this project.',
    '',
    'Guidelines:',
    '- One plan item per story, with the approach, the files it creates and the files it modifies.',
    '- Files modified must already exist in the project; files created must not. Paths are relative to its root.',
    '- Dependencies name the stories that must be implemented first; there must be no cycle.',
    '- List components several stories share, the risks, and the implementation order of all stories.',
    STORY_IDS_RULE,
    '',
    '## Stories',
    describeStories(stories),
    ...(answers ? ['', answers] : []),
  ]);
}

export function refinePrompt(
  stories: readonly Story[],
  plan: Plan,
  feedback: string,
  questions: SprintQuestions | null,
  settings: ProjectSettings,
): string {
  const answers = describeAnswers(questions);
  return withContext(settings, [
    'Revise the implementation plan below according to the feedback.',
    '',
    'Rules:',
    '- Return the complete revised plan, one item per story.',
    '- List every change you made in the changelog, one entry per change.',
    '- Ask follow-up questions only where the feedback leaves something open.',
    STORY_IDS_RULE,
    '',
    '## Stories',
    describeStories(stories),
    ...(answers ? ['', answers] : []),
    '',
    '## Current plan',
    describePlan(plan),
    '',
    '## Feedback',
    feedback.trim(),
  ]);
}

export function regenerateItemPrompt(
  stories: readonly Story[],
  plan: Plan,
  storyId: string,
  feedback: string | undefined,
  settings: ProjectSettings,
): string {
  return withContext(settings, [
    `Rewrite the plan item of story ${storyId} only. The other items are settled and stay as they are.`,
    '',
    'Rules:',
    `- The plan you return holds exactly one item, for story ${storyId}.`,
    '- Keep it consistent with the other items: their files, shared components and order.',
    '- Shared components, risks and implementation order may mention the other stories as they stand.',
    STORY_IDS_RULE,
    '',
    '## Stories',
    describeStories(stories),
    '',
    '## Current plan',
    describePlan(plan),
    ...(feedback?.trim() ? ['', '## What to change', feedback.trim()] : []),
  ]);
}

export function risPrompt(story: Story, item: PlanItem, plan: Plan, settings: ProjectSettings): string {
  return withContext(settings, [
    'Write a ready-to-implement specification for one story of an approved plan, for a developer or an',
    'AI coding agent who implements it next: its context, objective, where to look in the code, step-by-step',
    'instructions and the conventions to follow, and the whole specification as one markdown document.',
    '',
    '## The story',
    describeStories([story]),
    '',
    '## Its plan item',
    describeItem(item),
    '',
    '## The rest of the plan',
    describePlan({ ...plan, planItems: plan.planItems.filter((i) => i.storyId !== story.id) }),
  ]);
}

export function storyAssertionsPrompt(
  story: Story,
  item: PlanItem | undefined,
  settings: ProjectSettings,
): string {
  return withContext(settings, [
    'Write between 3 and 8 checks over the project files that prove this story was implemented.',
    '',
    'Rules:',
    '- Each check proves one acceptance criterion; name it by "AC<n>" as numbered below.',
    '- Cover every acceptance criterion.',
    '- A check must fail on the code as it is today and pass once the story is done.',
    '- Target the files of the plan item; paths are relative to the project root.',
    '',
    '## The story',
    describeStories([story]),
    ...(item ? ['', '## Its plan item', describeItem(item)] : []),
  ]);
}

export function sprintAssertionsPrompt(
  stories: readonly Story[],
  plan: Plan,
  settings: ProjectSettings,
): string {
  return withContext(settings, [
    'Write checks over the project files that prove this sprint was implemented, keyed by story id.',
    '',
    'Rules:',
    '- Give every story a few checks; each proves one of its acceptance criteria, named "AC<n>".',
    '- Prefer checks of how the stories fit together: shared components, wiring, registration.',
    '- A check must fail on the code as it is today and pass once the sprint is done.',
    '',
    '## Stories',
    describeStories(stories),
    '',
    '## Approved plan',
    describePlan(plan),
  ]);
}
