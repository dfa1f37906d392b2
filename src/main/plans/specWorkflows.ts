/** The spec calls after approval: a RIS per story, assertions per story, the sprint assertions map. */
import type { Assertion } from '../../shared/assertions';
import type { Plan, PlanItem } from '../../shared/plans';
import type { AssertionDraft, RisOutput } from '../../shared/schema-types';
import type { ProjectSettings, Story } from '../../shared/stories';
import type { SendPromptResult } from '../llm/promptTypes';
import type { CallOptions, WorkflowDeps } from '../workflows/types';
import { risPrompt, sprintAssertionsPrompt, storyAssertionsPrompt } from './planPrompts';
import { PLAN_MAX_TURNS } from './planWorkflows';

export const MIN_STORY_ASSERTIONS = 3;
export const MAX_STORY_ASSERTIONS = 8;

export function generateRis(
  deps: WorkflowDeps,
  input: { story: Story; item: PlanItem; plan: Plan; project: ProjectSettings },
  options: CallOptions = {},
): Promise<SendPromptResult<RisOutput>> {
  return deps.sendPrompt({
    workflow: 'generateRis',
    subject: input.story.title,
    schema: 'ris',
    prompt: risPrompt(input.story, input.item, input.plan, input.project),
    maxTurns: PLAN_MAX_TURNS,
    ...options,
  });
}

/**
 * Model drafts → stored assertions: Puffin assigns the ids (`<prefix>1`, `<prefix>2`…, unique within the set
 * whatever ids the model proposed), everything else is kept as generated.
 */
export function toAssertions(drafts: readonly AssertionDraft[], prefix = 'A'): Assertion[] {
  return drafts.map((d, i) => {
    const { id: _proposed, ...rest } = d;
    void _proposed;
    // AssertionDraft (generated from the schema) and Assertion (hand-written) describe the same ten shapes.
    return { id: `${prefix}${i + 1}`, ...rest } as Assertion;
  });
}

export interface StoryAssertionsResult {
  assertions: Assertion[];
  warnings: string[];
}

/** 3–8 assertions for one story, each tied to an acceptance criterion by `criterion`. */
export async function generateStoryAssertions(
  deps: WorkflowDeps,
  input: { story: Story; item: PlanItem | undefined; project: ProjectSettings },
  options: CallOptions = {},
): Promise<SendPromptResult<StoryAssertionsResult>> {
  const result = await deps.sendPrompt({
    workflow: 'generateStoryAssertions',
    subject: input.story.title,
    schema: 'assertions',
    prompt: storyAssertionsPrompt(input.story, input.item, input.project),
    maxTurns: PLAN_MAX_TURNS,
    ...options,
  });
  const drafts = result.data.assertions;
  const warnings = [...result.warnings];
  // The schema allows up to 30; the story view is meant to stay reviewable, so extra ones are dropped.
  if (drafts.length > MAX_STORY_ASSERTIONS)
    warnings.push(
      `The model wrote ${drafts.length} assertions; the first ${MAX_STORY_ASSERTIONS} were kept.`,
    );
  if (drafts.length < MIN_STORY_ASSERTIONS)
    warnings.push(
      `The model wrote only ${drafts.length} assertion(s); ${MIN_STORY_ASSERTIONS} were asked for.`,
    );
  return {
    ...result,
    warnings,
    data: { assertions: toAssertions(drafts.slice(0, MAX_STORY_ASSERTIONS)), warnings },
  };
}

/** The sprint-wide map storyId → assertions; keys that are not stories of the sprint are dropped. */
export async function generateSprintAssertions(
  deps: WorkflowDeps,
  input: { stories: Story[]; plan: Plan; project: ProjectSettings },
  options: CallOptions = {},
): Promise<SendPromptResult<Record<string, Assertion[]>>> {
  const result = await deps.sendPrompt({
    workflow: 'generateSprintAssertions',
    schema: 'sprint-assertions',
    prompt: sprintAssertionsPrompt(input.stories, input.plan, input.project),
    maxTurns: PLAN_MAX_TURNS,
    ...options,
  });
  const known = new Set(input.stories.map((s) => s.id));
  const map: Record<string, Assertion[]> = {};
  const warnings = [...result.warnings];
  for (const [storyId, drafts] of Object.entries(result.data)) {
    if (known.has(storyId)) map[storyId] = toAssertions(drafts, 'S');
    else warnings.push(`Sprint assertions for unknown story "${storyId}" were dropped.`);
  }
  return { ...result, warnings, data: map };
}
