// A sprint's stories as every tracker export sends them: verified at the current commit first (the run recorded as
// `puffin verify` records it), each criterion proven only where every assertion naming it passes now, with the RIS.
import { isChecked, type StoryVerdict } from '../../shared/verify';
import type { RawAssertion } from '../assertions/evaluate';
import { PlanStore } from '../plans/planStore';
import { storeDirOf } from '../store/storeMeta';
import { StoriesRepo } from '../store/storiesRepo';
import { shortHash } from './links';
import { proveCriteria } from '../verify/criteria';
import { projectVerifySource, SprintNotFoundError } from '../verify/projectSource';
import { verifyProject, type VerifySource } from '../verify/verifyProject';

export interface TrackerStory {
  id: string;
  title: string;
  description: string;
  /** The RIS in markdown, when the sprint's specs were generated. */
  ris: string | null;
  criteria: { text: string; proven: boolean }[];
  verified: boolean;
  regressed: boolean;
  verdict: StoryVerdict;
}

/** Hash of a story's own text (not its ticks): what a sync compares to tell whether Puffin's copy changed. */
export function storyHashOf(s: {
  title: string;
  description: string;
  criteria: readonly { text: string }[];
}): string {
  return shortHash([s.title, s.description, s.criteria.map((c) => c.text)]);
}

export interface SprintForTracker {
  sprint: { id: string; title: string };
  stories: TrackerStory[];
  commit: string | null;
}

/** Assertions of each story as verify read them, for mapping results to criteria. */
function recordingSource(base: VerifySource, seen: Map<string, RawAssertion[]>): VerifySource {
  return {
    stories: (sprintId) => base.stories(sprintId),
    ...(base.title ? { title: base.title } : {}),
    history: (id) => base.history(id),
    record: (id, run) => base.record(id, run),
    async assertions(id) {
      const list = await base.assertions(id);
      seen.set(id, list);
      return list;
    },
  };
}

export async function loadSprintForTracker(
  projectDir: string,
  sprintId: string,
  verifySource?: VerifySource,
): Promise<SprintForTracker> {
  const storeDir = storeDirOf(projectDir);
  const plans = new PlanStore(storeDir);
  const sprint = await plans.sprints.get(sprintId);
  if (!sprint) throw new SprintNotFoundError(`There is no sprint ${sprintId} in this project.`);
  const backlog = new Map((await new StoriesRepo(storeDir).list()).map((s) => [s.id, s]));
  const seen = new Map<string, RawAssertion[]>();
  const source = recordingSource(verifySource ?? projectVerifySource(projectDir), seen);
  const { report } = await verifyProject(projectDir, source, { sprintId: sprint.id });
  const verdicts = new Map(report.stories.map((v) => [v.id, v]));
  const stories: TrackerStory[] = [];
  for (const id of sprint.storyIds) {
    const story = backlog.get(id);
    const verdict = verdicts.get(id);
    const ris = await plans.ris(sprint.id).get(id);
    stories.push({
      id,
      title: story?.title ?? id,
      description: story?.description ?? '',
      ris: ris?.markdown ?? null,
      criteria: proveCriteria(
        story?.acceptanceCriteria ?? [],
        seen.get(id) ?? [],
        verdict && isChecked(verdict) ? verdict.results : [],
      ).map((c) => ({ text: c.text, proven: c.proven })),
      verified: verdict?.status === 'verified',
      regressed: verdict?.status === 'regressed',
      verdict: verdict?.status ?? 'unspecified',
    });
  }
  return { sprint: { id: sprint.id, title: sprint.title }, stories, commit: report.commit };
}
