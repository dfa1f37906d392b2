/** Ids for what an import creates: the files' own Puffin ids when they carry them, else ids derived from the files. */
import { createHash } from 'node:crypto';
import { isId } from '../../shared/ids';
import type { SpecFormat } from '../../shared/specFormats';
import type { ImportedSpec, ImportedStory } from './imported';

function hashUuid(text: string): string {
  const h = createHash('sha256').update(text).digest('hex');
  // Shaped as a version-8 (custom) UUID, like every story id.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The same file imported again gives the same id, so a rerun updates the story instead of adding a copy. */
export function storyIdOf(format: SpecFormat, story: ImportedStory, index: number): string {
  // The files' own Puffin id, as written (any id the store accepts).
  if (story.id && isId(story.id)) return story.id;
  return hashUuid(`${format}\0${story.key ?? `${story.file}#${index}`}`);
}

export function sprintIdOf(format: SpecFormat, spec: ImportedSpec, storyIds: readonly string[]): string {
  if (spec.sprint.id && isId(spec.sprint.id)) return spec.sprint.id;
  const h = createHash('sha256')
    .update(`${format}\0${spec.sprint.title}\0${storyIds.join(',')}`)
    .digest('hex');
  return `sprint-imported-${h.slice(0, 12)}`;
}
