// What a story's Linear issue says, in markdown: the story, its RIS and the acceptance criteria as a task list whose
// boxes are ticked only where every assertion of that criterion passes now.
import type { TrackerStory } from '../sprintStories';

export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Linear caps a title at 255 characters. */
export function titleOf(title: string, fallback: string): string {
  return oneLine(title).slice(0, 255) || fallback;
}

export const CRITERIA_HEADING = 'Acceptance criteria';

export function storyMarkdown(story: TrackerStory, sprintTitle: string): string {
  const tasks = story.criteria
    .map((c) => ({ text: oneLine(c.text), proven: c.proven }))
    .filter((c) => c.text !== '')
    .map((c) => `- [${c.proven ? 'x' : ' '}] ${c.text}`);
  return [
    story.description.replace(/\r\n?/g, '\n').trim(),
    ...(story.ris ? ['', '## Ready-to-implement spec', '', story.ris.trim()] : []),
    '',
    `## ${CRITERIA_HEADING}`,
    '',
    ...(tasks.length > 0 ? tasks : ['_None yet._']),
    '',
    `_Exported by Puffin from story \`${story.id}\` (sprint “${oneLine(sprintTitle)}”). A box is ticked only when ` +
      'every assertion of that criterion passes at the current commit._',
  ]
    .join('\n')
    .trim();
}

export function sprintMarkdown(sprint: { id: string; title: string }, storyCount: number): string {
  return (
    `Puffin sprint ${sprint.id} (“${oneLine(sprint.title)}”): ${storyCount} ` +
    `${storyCount === 1 ? 'story' : 'stories'}, each a sub-issue of this issue.`
  );
}
