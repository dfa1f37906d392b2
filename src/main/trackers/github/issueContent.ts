// What a story's issue says: title, description, the acceptance criteria as a task list (a box ticked only for a
// criterion proven at the current commit) and a hidden marker with the story id and a hash of the text Puffin wrote.
// The hash is how a rerun tells an issue edited on GitHub from one Puffin wrote, without trusting local state.
import { createHash } from 'node:crypto';

export interface IssueStory {
  id: string;
  title: string;
  description: string;
  criteria: readonly { text: string; proven: boolean }[];
}

export interface IssueText {
  title: string;
  body: string;
}

const MARKER = /\n?<!-- puffin:story=([^\s>]+) hash=([0-9a-f]{16}) -->\s*$/;
/** GitHub caps issue titles at 256 characters. */
const TITLE_MAX = 256;

/** One line, since a task-list item ends at the line's end. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** GitHub stores what its web editor sends with CRLF; compare texts as LF. */
export function normalizeText(text: string | null | undefined): string {
  return (text ?? '').replace(/\r\n?/g, '\n');
}

export function contentHash(title: string, bodyWithoutMarker: string): string {
  return createHash('sha256')
    .update(JSON.stringify([title, normalizeText(bodyWithoutMarker)]))
    .digest('hex')
    .slice(0, 16);
}

export function issueText(story: IssueStory, sprintTitle: string): IssueText {
  const title = oneLine(story.title).slice(0, TITLE_MAX) || story.id;
  const tasks = story.criteria.map((c) => `- [${c.proven ? 'x' : ' '}] ${oneLine(c.text)}`);
  const text = [
    normalizeText(story.description).trim(),
    '',
    '## Acceptance criteria',
    '',
    ...(tasks.length > 0 ? tasks : ['_None yet._']),
    '',
    `<sub>Exported by Puffin from story \`${story.id}\` (sprint “${oneLine(sprintTitle)}”). A box is ticked only ` +
      'when every assertion of that criterion passes at the current commit.</sub>',
  ].join('\n');
  return { title, body: `${text}\n\n<!-- puffin:story=${story.id} hash=${contentHash(title, text)} -->` };
}

export interface IssueMarker {
  storyId: string;
  hash: string;
  /** The body without the marker. */
  text: string;
}

export function readMarker(body: string | null | undefined): IssueMarker | null {
  const normal = normalizeText(body);
  const m = MARKER.exec(normal);
  if (!m) return null;
  return { storyId: m[1]!, hash: m[2]!, text: normal.slice(0, m.index).replace(/\n+$/, '') };
}

/**
 * Whether the issue's title or body were changed by someone else since Puffin wrote them: the marker is gone or
 * names another story, or the text no longer hashes to what the marker says Puffin wrote.
 */
export function editedElsewhere(issue: { title: string; body?: string | null }, storyId: string): boolean {
  const marker = readMarker(issue.body);
  if (!marker || marker.storyId !== storyId) return true;
  return contentHash(issue.title, marker.text) !== marker.hash;
}

/** Whether the issue already says exactly what Puffin would write. */
export function sameText(issue: { title: string; body?: string | null }, wanted: IssueText): boolean {
  return issue.title === wanted.title && normalizeText(issue.body) === wanted.body;
}
