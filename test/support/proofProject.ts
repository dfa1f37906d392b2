// A project for proof-of-done tests: one backlog story in a sprint, with stored assertions, written through the
// app's own store modules (so the files are what the app writes).
import path from 'node:path';
import type { Assertion } from '../../src/shared/assertions';
import type { StoryDraft } from '../../src/shared/stories';
import { writeStoryAssertions } from '../../src/main/assertions/storySets';
import { PlanStore } from '../../src/main/plans/planStore';
import { StoriesRepo } from '../../src/main/store/storiesRepo';

export interface SeededStory {
  storyId: string;
  sprintId: string;
}

export async function seedSprintStory(
  projectDir: string,
  options: { story: StoryDraft; sprintId?: string; sprintTitle: string; assertions: unknown[] },
): Promise<SeededStory> {
  const storeDir = path.join(projectDir, '.puffin');
  const [story] = await new StoriesRepo(storeDir).accept([options.story]);
  const sprintId = options.sprintId ?? 'sprint-1';
  const at = new Date().toISOString();
  const sprint = {
    id: sprintId,
    title: options.sprintTitle,
    storyIds: [story!.id],
    createdAt: at,
    updatedAt: at,
  };
  await new PlanStore(storeDir).sprints.put({ ...sprint, status: 'open' });
  // The engine checks type-specific fields per assertion when it evaluates them; tests may store any shape.
  await writeStoryAssertions(projectDir, story!.id, options.assertions as Assertion[]);
  return { storyId: story!.id, sprintId };
}
