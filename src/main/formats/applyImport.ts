/**
 * Applies what was read from another tool's files to the project. Every story is checked before anything is
 * written; each story is then changed from its record on disk: created when new, updated when the files changed it
 * and Puffin did not since the files were written (the text replaced is kept as a version of the story, as a
 * tracker sync keeps it: storyVersions.ts), left alone when equal, and never overwritten when both changed: the
 * files' version is kept as a numbered revision marked imported (`story-imports/<id>.json`) instead.
 */
import { FORMAT_LABEL, type SpecFormat } from '../../shared/specFormats';
import type { Story } from '../../shared/stories';
import { STORY_DRAFT_LIMITS } from '../../shared/stories';
import type { SprintPlan } from '../../shared/plans';
import type { StoryImports } from '../../shared/schema-types';
import { newSprint } from '../plans/planRecords';
import type { PlanStore } from '../plans/planStore';
import { appendRevision } from '../plans/revisions';
import { FOLDERS } from '../store/folders';
import type { StoreContext } from '../store/recordFile';
import { RecordFolder } from '../store/recordFolder';
import { appendNumbered } from '../store/revisionLog';
import type { StoriesRepo } from '../store/storiesRepo';
import { StoryVersionLog } from '../store/storyVersions';
import { malformed, type ImportedSpec, type ImportedStory } from './imported';
import { sprintIdOf, storyIdOf } from './importIds';

export type StoryAction = 'created' | 'updated' | 'unchanged' | 'conflict';

export interface SpecImportResult {
  format: SpecFormat;
  sprints: { id: string; title: string; action: 'created' | 'updated' | 'unchanged' }[];
  stories: {
    id: string;
    title: string;
    file: string;
    action: StoryAction;
    /** Updated: the story's text before, kept as this version of it (storyVersions.ts), to offer back. */
    previous?: { version: number; title: string };
  }[];
  /** Stories changed both in Puffin and in the files: nothing overwritten; the files' version is revision N. */
  conflicts: { storyId: string; title: string; file: string; revision: number }[];
  /** Plan files: the sprint's new plan revision, to review and approve. */
  planDrafts: { sprintId: string; revision: number }[];
}

export interface ImportTarget {
  stories: StoriesRepo;
  plans: PlanStore;
  store: StoreContext;
  now: () => Date;
}

function check(s: ImportedStory): void {
  const L = STORY_DRAFT_LIMITS;
  if (!s.title.trim()) throw malformed(s.file, 1, 'a story has no title');
  if (s.title.length > L.title)
    throw malformed(s.file, 1, `the title "${s.title.slice(0, 40)}…" is over ${L.title} characters`);
  if (s.description.length > L.description)
    throw malformed(s.file, 1, `the description of "${s.title}" is over ${L.description} characters`);
  if (s.criteria.length > L.criteria)
    throw malformed(s.file, 1, `"${s.title}" has over ${L.criteria} acceptance criteria`);
  const long = s.criteria.find((c) => c.length > L.criterion);
  if (long) throw malformed(s.file, 1, `a criterion of "${s.title}" is over ${L.criterion} characters`);
}

const same = (a: Story, b: ImportedStory) =>
  a.title === b.title &&
  a.description === b.description &&
  a.acceptanceCriteria.length === b.criteria.length &&
  a.acceptanceCriteria.every((c, i) => c === b.criteria[i]);

export async function applyImport(
  format: SpecFormat,
  specs: ImportedSpec[],
  t: ImportTarget,
): Promise<SpecImportResult> {
  specs.forEach((spec) => spec.stories.forEach(check));
  const imports = new RecordFolder<StoryImports>(t.store, FOLDERS.storyImports);
  const result: SpecImportResult = { format, sprints: [], stories: [], conflicts: [], planDrafts: [] };
  for (const spec of specs) {
    const ids = spec.stories.map((s, i) => storyIdOf(format, s, i));
    for (const [i, incoming] of spec.stories.entries()) {
      result.stories.push(await applyStory(format, ids[i]!, incoming, t, imports, result));
    }
    const sprintId = sprintIdOf(format, spec, ids);
    result.sprints.push(await applySprint(sprintId, spec.sprint.title, ids, t));
    if (spec.planDraft) result.planDrafts.push(await addPlanDraft(sprintId, spec, ids, t));
  }
  return result;
}

async function applyStory(
  format: SpecFormat,
  id: string,
  incoming: ImportedStory,
  t: ImportTarget,
  imports: RecordFolder<StoryImports>,
  result: SpecImportResult,
): Promise<SpecImportResult['stories'][number]> {
  const at = t.now().toISOString();
  const seen = await imports.current(id);
  let action = 'unchanged' as StoryAction;
  let previous: { version: number; title: string } | undefined;
  const record = await t.stories.upsert(id, async (current) => {
    if (!current) {
      action = 'created';
      return {
        id,
        title: incoming.title,
        description: incoming.description,
        acceptanceCriteria: [...incoming.criteria],
        status: 'pending',
        createdAt: at,
        updatedAt: at,
      };
    }
    if (same(current, incoming)) return current;
    // When the files were written (or last imported) the story was at this time; later means edited in Puffin.
    const base = incoming.exportedUpdatedAt ?? seen?.applied?.updatedAt;
    if (!base || current.updatedAt > base) {
      action = 'conflict';
      return current;
    }
    action = 'updated';
    const text = {
      title: incoming.title,
      description: incoming.description,
      acceptanceCriteria: [...incoming.criteria],
    };
    // Kept before the story is written, from the story as read here: a failure there writes nothing.
    const version = await new StoryVersionLog(t.stories, t.now).keep(current, text, {
      kind: 'imported',
      by: `${FORMAT_LABEL[format]} ${incoming.file}`,
    });
    if (version !== null) previous = { version, title: current.title };
    return { ...current, ...text, updatedAt: at };
  });
  const applied = { updatedAt: record.updatedAt, format, file: incoming.file };
  if (action === 'conflict') {
    const { record: kept } = await imports.update(id, (was) => {
      const { revisions } = appendNumbered(
        was?.revisions ?? [],
        {
          kind: 'imported' as const,
          format,
          file: incoming.file,
          title: incoming.title,
          description: incoming.description,
          acceptanceCriteria: [...incoming.criteria],
        },
        t.now(),
      );
      return { ...(was ?? { storyId: id }), revisions };
    });
    result.conflicts.push({
      storyId: id,
      title: record.title,
      file: incoming.file,
      revision: kept.revisions.at(-1)!.number,
    });
  } else if (action !== 'unchanged' || !seen?.applied) {
    await imports.update(id, (was) => ({ storyId: id, revisions: was?.revisions ?? [], applied }));
  }
  return { id, title: record.title, file: incoming.file, action, ...(previous ? { previous } : {}) };
}

async function applySprint(
  id: string,
  title: string,
  storyIds: string[],
  t: ImportTarget,
): Promise<SpecImportResult['sprints'][number]> {
  let action = 'unchanged' as 'created' | 'updated' | 'unchanged';
  const { record } = await t.plans.sprints.update(id, (current) => {
    if (!current) {
      action = 'created';
      return { ...newSprint(storyIds, title, t.now()), id };
    }
    const missing = storyIds.filter((s) => !current.storyIds.includes(s));
    if (missing.length === 0) return current;
    action = 'updated';
    return { ...current, storyIds: [...current.storyIds, ...missing], updatedAt: t.now().toISOString() };
  });
  return { id, title: record.title, action };
}

async function addPlanDraft(
  sprintId: string,
  spec: ImportedSpec,
  ids: string[],
  t: ImportTarget,
): Promise<{ sprintId: string; revision: number }> {
  const planItems = spec.stories.map((s, i) => ({
    order: i + 1,
    storyId: ids[i]!,
    title: s.title,
    approach: s.approach ?? s.description,
    filesCreated: [],
    filesModified: s.files ?? [],
    dependencies: [],
    complexity: 'medium' as const,
    notes: `From ${spec.planDraft!.source}`,
  }));
  const { record } = await t.plans.serial(sprintId, () =>
    t.plans.plans.update(sprintId, (existing: SprintPlan | undefined) =>
      appendRevision(
        sprintId,
        existing,
        {
          kind: 'imported',
          plan: { planItems, sharedComponents: [], risks: [], implementationOrder: [...ids] },
          changelog: [
            `Imported from ${spec.planDraft!.source}.`,
            ...(spec.planDraft!.overview ? [spec.planDraft!.overview] : []),
          ],
          followUpQuestions: [],
        },
        t.now(),
      ),
    ),
  );
  return { sprintId, revision: record.current };
}
