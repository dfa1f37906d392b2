// How an issue's text becomes a story's description and acceptance criteria: the items of its task lists
// (`- [ ]` / `- [x]`), else the list under an "Acceptance criteria" heading or label; the rest is the description.
// Every tracker's text arrives here as markdown (Jira's ADF is turned into markdown first).
import { STORY_DRAFT_LIMITS } from '../../shared/stories';

export interface StoryText {
  description: string;
  acceptanceCriteria: string[];
}

const TASK = /^\s*[-*+]\s+\[( |x|X)\]\s+(.*\S)\s*$/;
const ITEM = /^\s*(?:[-*+]|\d+[.)])\s+(.*\S)\s*$/;
const AC_HEADING = /^\s*(?:#{1,6}\s*|\*\*|__)?\s*acceptance criteria\s*:?\s*(?:\*\*|__)?\s*:?\s*$/i;
const HEADING = /^\s*#{1,6}\s/;
/** Puffin's own footer in what it exported (never a criterion or part of a description). */
const PUFFIN_FOOTER = /^\s*(?:<sub>|_)?Exported by Puffin from story/;

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export function splitCriteria(markdown: string): StoryText {
  const lines = markdown
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((l) => !PUFFIN_FOOTER.test(l));
  const criteria: string[] = [];
  const keep: string[] = [];
  if (lines.some((l) => TASK.test(l))) {
    for (const l of lines) {
      const m = TASK.exec(l);
      if (m) criteria.push(m[2]!);
      else keep.push(l);
    }
    // The heading over the task list goes with it.
    const i = keep.findIndex((l) => AC_HEADING.test(l));
    if (i !== -1) keep.splice(i, 1);
  } else {
    let inSection = false;
    for (const l of lines) {
      if (AC_HEADING.test(l)) {
        inSection = true;
        continue;
      }
      if (inSection && HEADING.test(l)) inSection = false;
      const m = inSection ? ITEM.exec(l) : null;
      if (m) criteria.push(m[1]!);
      else if (!(inSection && l.trim() === '')) keep.push(l);
    }
  }
  return {
    description: clip(
      keep
        .join('\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim(),
      STORY_DRAFT_LIMITS.description,
    ),
    acceptanceCriteria: criteria
      .slice(0, STORY_DRAFT_LIMITS.criteria)
      .map((c) => clip(c.trim(), STORY_DRAFT_LIMITS.criterion)),
  };
}

export function storyTitle(title: string, fallback: string): string {
  return clip(title.replace(/\s+/g, ' ').trim(), STORY_DRAFT_LIMITS.title) || fallback;
}
