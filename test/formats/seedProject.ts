/**
 * A project whose `.puffin/` holds the sprint of sprintBundle.ts (stories, sprint, an approved plan), written
 * through the store's own repositories so every record passes its schema.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SprintPlan } from '../../src/shared/plans';
import type { Story } from '../../src/shared/stories';
import { PlanStore } from '../../src/main/plans/planStore';
import { StoriesRepo } from '../../src/main/store/storiesRepo';
import { scratchDir } from '../support/scratchDir';
import { sprintBundle } from './sprintBundle';

export async function seedProject(): Promise<{ dir: string; store: string; sprintId: string }> {
  const dir = scratchDir('puffin-formats-');
  const store = path.join(dir, '.puffin');
  await mkdir(store, { recursive: true });
  await writeFile(
    path.join(store, 'store.json'),
    JSON.stringify({ version: 2, createdAt: '2026-11-20T10:00:00.000Z' }),
  );
  const b = sprintBundle();
  const stories: Story[] = b.stories.map((s, i) => ({
    id: s.id,
    title: s.title,
    description: s.description,
    acceptanceCriteria: s.criteria.map((c) => c.text),
    status: s.status,
    createdAt: `2026-11-20T10:00:0${i}.000Z`,
    updatedAt: s.updatedAt,
  }));
  await new StoriesRepo(store).restore(stories);
  const plans = new PlanStore(store);
  await plans.sprints.put({
    id: b.sprint.id,
    title: b.sprint.title,
    storyIds: b.stories.map((s) => s.id),
    status: 'open',
    createdAt: b.sprint.createdAt,
    updatedAt: b.sprint.createdAt,
  });
  const plan: SprintPlan = {
    sprintId: b.sprint.id,
    current: 1,
    revisions: [
      {
        number: 1,
        kind: 'generated',
        createdAt: '2026-11-20T11:00:00.000Z',
        changelog: [],
        followUpQuestions: [],
        plan: {
          planItems: b.stories.map((s, i) => ({
            order: i + 1,
            storyId: s.id,
            title: s.title,
            approach: s.approach,
            filesCreated: s.files,
            filesModified: [],
            dependencies: s.dependsOn,
            complexity: 'medium',
            notes: '',
          })),
          sharedComponents: [],
          risks: [],
          implementationOrder: b.stories.map((s) => s.id),
        },
      },
    ],
  };
  await plans.plans.put(plan);
  return { dir, store, sprintId: b.sprint.id };
}
