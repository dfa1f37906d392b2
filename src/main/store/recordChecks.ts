/** Shape checks for records read from disk: a file that fails one is kept aside rather than loaded. */
import { GENERATION_KINDS, STORY_STATUSES, type StoryStatus } from '../../shared/stories';

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
