/**
 * How an agent names a story: its full id, or a short id (`PUF-` and the first characters of the id, any case),
 * as every face does (src/shared/shortIds.ts); agents may also leave `PUF-` out. A short id that fits several
 * stories is refused with the candidates, never guessed. Sprints are named the same way.
 */
import { matchId } from '../../shared/shortIds';
import type { Story } from '../../shared/stories';
import { ServiceError } from '../base/errors';

const MAX_CANDIDATES = 5;

/** The record `ref` names among `records` (full id, short id, or a short id without `PUF-`), or null. */
function findNamed<T extends { id: string; title: string }>(
  records: readonly T[],
  ref: string,
  plural: string,
): T | null {
  const ids = records.map((s) => s.id);
  let match = matchId(ref, ids);
  if (match.kind === 'unknown' && /^[A-Za-z0-9]+$/.test(ref)) match = matchId(`PUF-${ref}`, ids);
  if (match.kind === 'found') return records.find((s) => s.id === match.id)!;
  if (match.kind === 'ambiguous') {
    const names = match.candidates
      .slice(0, MAX_CANDIDATES)
      .map((id) => `${id} (${records.find((s) => s.id === id)?.title ?? ''})`);
    throw new ServiceError(
      'ambiguous_id',
      `"${ref}" names ${match.candidates.length} ${plural} (${names.join('; ')}): give more of the id.`,
      { ref, candidates: match.candidates.slice(0, MAX_CANDIDATES) },
    );
  }
  return null;
}

export function findStory(stories: readonly Story[], ref: string): Story {
  const found = findNamed(stories, ref, 'stories');
  if (found) return found;
  throw new ServiceError('not_found', `There is no story "${ref}"; list_stories gives the ids.`, { ref });
}

/** The sprint `ref` names, by full or short id as a story is; null when none. */
export function findSprint<T extends { id: string; title: string }>(
  sprints: readonly T[],
  ref: string,
): T | null {
  return findNamed(sprints, ref, 'sprints');
}
