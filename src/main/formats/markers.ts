/**
 * The one line each exported story carries so that an import finds the story again: its Puffin id and when it was
 * last changed in Puffin. An HTML comment, which every markdown reader (and every format's own tooling) ignores.
 */
const STORY = /<!--\s*puffin:story\s+id=([^\s]+)\s+updated=([^\s]+)\s*-->/;
const SPRINT = /<!--\s*puffin:sprint\s+id=([^\s]+)\s*-->/;

export interface StoryMark {
  id: string;
  updatedAt: string;
}

export const storyMark = (id: string, updatedAt: string): string =>
  `<!-- puffin:story id=${id} updated=${updatedAt} -->`;

export const sprintMark = (id: string): string => `<!-- puffin:sprint id=${id} -->`;

export function readStoryMark(text: string): StoryMark | undefined {
  const m = STORY.exec(text);
  return m ? { id: m[1]!, updatedAt: m[2]! } : undefined;
}

export function readSprintMark(text: string): string | undefined {
  return SPRINT.exec(text)?.[1];
}

/** The text without Puffin's marks (they are not part of a description). */
export function withoutMarks(text: string): string {
  return text
    .split('\n')
    .filter((line) => !STORY.test(line) && !SPRINT.test(line))
    .join('\n');
}
