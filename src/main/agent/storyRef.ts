/**
 * How an agent names a story: its full id, or a short id (`PUF-` and the first characters of the id, any case),
 * as every face does (src/shared/shortIds.ts); agents may also leave `PUF-` out. A short id that fits several
 * stories is refused with the candidates, never guessed.
 */
import { matchId } from '../../shared/shortIds';
import type { Story } from '../../shared/stories';
import { ServiceError } from '../core/errors';

const MAX_CANDIDATES = 5;

export function findStory(stories: readonly Story[], ref: string): Story {
  const ids = stories.map((s) => s.id);
  let match = matchId(ref, ids);
  if (match.kind === 'unknown' && /^[A-Za-z0-9]+$/.test(ref)) match = matchId(`PUF-${ref}`, ids);
  if (match.kind === 'found') return stories.find((s) => s.id === match.id)!;
  if (match.kind === 'ambiguous') {
    const names = match.candidates
      .slice(0, MAX_CANDIDATES)
      .map((id) => `${id} (${stories.find((s) => s.id === id)?.title ?? ''})`);
    throw new ServiceError(
      'ambiguous_id',
      `"${ref}" names ${match.candidates.length} stories (${names.join('; ')}): give more of the id.`,
      { ref, candidates: match.candidates.slice(0, MAX_CANDIDATES) },
    );
  }
  throw new ServiceError('not_found', `There is no story "${ref}"; list_stories gives the ids.`, { ref });
}
