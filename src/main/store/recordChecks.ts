/** Shape checks for records read from disk: a file that fails one is kept aside rather than loaded. */
import { GENERATION_KINDS, STORY_STATUSES, type StoryStatus } from '../../shared/stories';
import { PROJECT_PATH_LISTS } from '../../shared/stories';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

/** A StoryDraft-shaped object (title, description, acceptanceCriteria), or why not. */
export function draftProblem(v: unknown): string | null {
  if (!isObj(v)) return 'not an object';
  if (typeof v.title !== 'string') return '"title" is not a string';
  if (typeof v.description !== 'string') return '"description" is not a string';
  if (!isStrings(v.acceptanceCriteria)) return '"acceptanceCriteria" is not a list of strings';
  return null;
}

export function storyProblem(v: unknown): string | null {
  const draft = draftProblem(v);
  if (draft) return draft;
  const s = v as Obj;
  if (typeof s.id !== 'string') return '"id" is not a string';
  if (!STORY_STATUSES.includes(s.status as StoryStatus))
    return `"status" ${JSON.stringify(s.status)} is unknown`;
  if (typeof s.createdAt !== 'string' || typeof s.updatedAt !== 'string')
    return 'missing createdAt/updatedAt';
  return null;
}

const KINDS: readonly string[] = GENERATION_KINDS;
const STATUSES = ['running', 'succeeded', 'failed', 'cancelled'];

export function generationProblem(v: unknown): string | null {
  if (!isObj(v)) return 'not an object';
  if (typeof v.id !== 'string') return '"id" is not a string';
  if (!KINDS.includes(v.kind as string)) return `"kind" ${JSON.stringify(v.kind)} is unknown`;
  if (!STATUSES.includes(v.status as string)) return `"status" ${JSON.stringify(v.status)} is unknown`;
  if (typeof v.title !== 'string' || typeof v.prompt !== 'string') return 'missing title/prompt';
  if (typeof v.createdAt !== 'string') return 'missing createdAt';
  if (!isStrings(v.warnings)) return '"warnings" is not a list of strings';
  if (!isObj(v.meta)) return '"meta" is not an object';
  if (v.stories !== undefined) {
    if (!Array.isArray(v.stories)) return '"stories" is not a list';
    for (const s of v.stories) {
      const p = draftProblem(s);
      if (p) return `a story is invalid: ${p}`;
    }
  }
  return null;
}

// Plans journey records (the key fields, sprintId/storyId, are checked against the file name by the store).

export function sprintProblem(v: unknown): string | null {
  if (!isObj(v)) return 'not an object';
  if (typeof v.id !== 'string' || typeof v.title !== 'string') return 'missing id/title';
  if (!isStrings(v.storyIds)) return '"storyIds" is not a list of strings';
  if (!['open', 'closed', 'archived'].includes(v.status as string))
    return `unknown status ${String(v.status)}`;
  if (typeof v.createdAt !== 'string' || typeof v.updatedAt !== 'string')
    return 'missing createdAt/updatedAt';
  return null;
}

export function questionsProblem(q: unknown): string | null {
  if (!isObj(q)) return 'not an object';
  if (!Array.isArray(q.questions)) return '"questions" is not a list';
  return isObj(q.answers) ? null : '"answers" is not an object';
}

export function planProblem(plan: unknown): string | null {
  if (!isObj(plan)) return 'not an object';
  if (!Array.isArray(plan.revisions) || plan.revisions.length === 0) return '"revisions" is empty';
  if (!plan.revisions.every((r) => isObj(r) && typeof r.number === 'number' && isObj(r.plan)))
    return 'a revision has no number or plan';
  return typeof plan.current === 'number' ? null : '"current" is not a number';
}

export function risProblem(v: unknown): string | null {
  if (!isObj(v)) return 'not an object';
  return typeof v.markdown === 'string' ? null : '"markdown" is not a string';
}

export function specsProblem(s: unknown): string | null {
  if (!isObj(s)) return 'not an object';
  return Array.isArray(s.assertions) && Array.isArray(s.specErrors) ? null : 'missing assertions/specErrors';
}

// Assertions: the stored set of a story, and its run history.

export function assertionSetProblem(v: unknown): string | null {
  if (!isObj(v)) return 'not a JSON object';
  if (!Array.isArray(v.assertions)) return '"assertions" is not an array';
  return null;
}

export function assertionHistoryProblem(v: unknown): string | null {
  if (!isObj(v)) return 'not a JSON object';
  if (!Array.isArray(v.runs)) return '"runs" is not an array';
  const bad = v.runs.findIndex((r: unknown) => !isObj(r) || !Array.isArray(r.results));
  return bad === -1 ? null : `runs[${bad}] has no "results" array`;
}

export function projectSettingsProblem(v: unknown): string | null {
  if (!isObj(v)) return 'project.json must be a JSON object';
  for (const key of ['description', 'conventions', 'stack'])
    if (v[key] !== undefined && typeof v[key] !== 'string') return `"${key}" must be a string`;
  for (const key of PROJECT_PATH_LISTS) {
    const list = v[key];
    if (list !== undefined && !(Array.isArray(list) && list.every((p) => typeof p === 'string')))
      return `"${key}" must be a list of paths`;
  }
  return null;
}
