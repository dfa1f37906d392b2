// An import writes its stories through the backlog's own repository, so the local index follows the change and is
// not rebuilt from every record (at 100,000 stories a rebuild costs seconds of CPU on the next listing).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Story } from '../../src/shared/stories';
import { applyImport } from '../../src/main/formats/applyImport';
import { WRITERS } from '../../src/main/formats/registry';
import { PlanStore } from '../../src/main/plans/planStore';
import { StoriesRepo } from '../../src/main/store/storiesRepo';
import { seedProject } from './seedProject';
import { LOGIN_ID, RESET_ID, sprintBundle } from './sprintBundle';

describe('a spec-file import into a project with a backlog index', () => {
  it('updates the index with the stories it writes instead of leaving it to a rebuild', async () => {
    const { store } = await seedProject();
    const stories = new StoriesRepo(store);
    expect((await stories.page({ statuses: ['archived'] })).matching).toBe(0);

    // Another story's record changed in place, behind the index's back: only a rebuild would see its new status.
    const resetFile = path.join(store, 'stories', `${RESET_ID}.json`);
    const reset = JSON.parse(await readFile(resetFile, 'utf8')) as Story;
    await writeFile(resetFile, JSON.stringify({ ...reset, status: 'archived' }));

    const written = WRITERS.openspec.write(sprintBundle(), new Map());
    const edited = WRITERS.openspec.read(
      new Map(
        [...written]
          .filter((e): e is [string, string] => e[1] !== null)
          .map(([f, t]) => [f, t.replaceAll('30 minutes', '15 minutes')]),
      ),
    );
    // Only the sign-in story is imported: the planted one is not written again.
    const signIn = edited.map((spec) => ({
      ...spec,
      stories: spec.stories.filter((s) => s.title === 'Sign in with email'),
    }));
    const result = await applyImport('openspec', signIn, {
      stories,
      plans: new PlanStore(store),
      store: { dir: store },
      now: () => new Date(),
    });
    expect(result.stories.find((s) => s.id === LOGIN_ID)?.action).toBe('updated');

    const page = await new StoriesRepo(store).page({});
    expect(page.stories.find((s) => s.id === LOGIN_ID)?.acceptanceCriteria[2]).toContain('15 minutes');
    // Still as the index had it: the import's write was applied to the index, which was not rebuilt.
    expect((await new StoriesRepo(store).page({ statuses: ['archived'] })).matching).toBe(0);
  });
});
