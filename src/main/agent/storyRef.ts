/**
 * How an agent names a story: its full id, or a short id (`PUF-` and the first characters of the id, any case).
 * A short id that fits several stories is refused with the candidates, never guessed.
 */
import type { Story } from '../../shared/stories';
import { ServiceError } from '../core/errors';

const SHORT_LENGTH = 6;
const MAX_CANDIDATES = 5;

export function shortIdOf(id: string): string {
  return `PUF-${id.slice(0, SHORT_LENGTH)}`;
}

export function findStory(stories: readonly Story[], ref: string): Story {
  const exact = stories.find((s) => s.id === ref);
  if (exact) return exact;
  const prefix = ref.replace(/^PUF-/i, '').toLowerCase();
  const matches = prefix === '' ? [] : stories.filter((s) => s.id.toLowerCase().startsWith(prefix));
  if (matches.length === 1) return matches[0]!;
  if (matches.length === 0)
    throw new ServiceError('not_found', `There is no story "${ref}"; list_stories gives the ids.`, { ref });
  const names = matches.slice(0, MAX_CANDIDATES).map((s) => `${s.id} (${s.title})`);
  throw new ServiceError(
    'not_found',
    `"${ref}" names ${matches.length} stories (${names.join('; ')}): give more of the id.`,
    { ref, candidates: matches.slice(0, MAX_CANDIDATES).map((s) => s.id) },
  );
}
