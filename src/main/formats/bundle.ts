/**
 * A sprint as every spec format sees it: its stories in plan order, each with numbered criteria (`AC1`, `AC2`, …
 * as assertions name them), the approved plan item and the RIS. The formats write from this and read back into it,
 * so a format is two small functions and the ids stay the same whichever tool the files passed through.
 */
import type { Sprint, SprintDetail } from '../../shared/plans';
import { shortIds } from '../../shared/shortIds';
import type { Story } from '../../shared/stories';
import { sprintSlug } from '../plans/exportMarkdown';
import { currentRevision } from '../plans/revisions';

export interface SpecCriterion {
  /** `AC<n>`, 1-based: what an assertion's `criterion` names. */
  id: string;
  text: string;
}

export interface SpecStory {
  id: string;
  shortId: string;
  title: string;
  description: string;
  criteria: SpecCriterion[];
  status: Story['status'];
  updatedAt: string;
  approach: string;
  files: string[];
  /** Ids of the sprint's stories this one depends on (plan order). */
  dependsOn: string[];
  /** The RIS markdown, when one was generated. */
  ris: string;
}

export interface SpecBundle {
  sprint: Pick<Sprint, 'id' | 'title' | 'createdAt'>;
  /** `<title words>-<id start>`: folder and change names. */
  slug: string;
  stories: SpecStory[];
}

export const criterionId = (index: number): string => `AC${index + 1}`;

/** The bundle of a sprint as the sprint view shows it: plan order when there is a plan, else the sprint's order. */
/**
 * `short`: each story's short id among the whole backlog (the ones `--story` accepts); without it, among the
 * sprint's stories.
 */
export function bundleOf(detail: SprintDetail, short?: ReadonlyMap<string, string>): SpecBundle {
  const plan = detail.plan ? currentRevision(detail.plan).plan : null;
  const items = new Map((plan?.planItems ?? []).map((item) => [item.storyId, item]));
  const order = plan ? plan.planItems.map((i) => i.storyId) : detail.sprint.storyIds;
  const rank = new Map(order.map((id, i) => [id, i]));
  const stories = [...detail.stories].sort(
    (a, b) =>
      (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity) ||
      detail.sprint.storyIds.indexOf(a.id) - detail.sprint.storyIds.indexOf(b.id),
  );
  const shortOf = short ?? shortIds(stories.map((s) => s.id));
  const ris = new Map(detail.ris.map((r) => [r.storyId, r.markdown]));
  const inSprint = new Set(stories.map((s) => s.id));
  return {
    sprint: { id: detail.sprint.id, title: detail.sprint.title, createdAt: detail.sprint.createdAt },
    slug: sprintSlug(detail.sprint.title, detail.sprint.id),
    stories: stories.map((s) => {
      const item = items.get(s.id);
      return {
        id: s.id,
        shortId: shortOf.get(s.id) ?? s.id,
        title: s.title,
        description: s.description,
        criteria: s.acceptanceCriteria.map((text, i) => ({ id: criterionId(i), text })),
        status: s.status,
        updatedAt: s.updatedAt,
        approach: item?.approach ?? '',
        files: item ? [...item.filesCreated, ...item.filesModified] : [],
        dependsOn: (item?.dependencies ?? []).filter((d) => inSprint.has(d)),
        ris: ris.get(s.id) ?? '',
      };
    }),
  };
}
