// What a story's Jira issue says, in the Atlassian Document Format: the story, its RIS, and the acceptance criteria
// as an ADF task list whose items are DONE only where every assertion of that criterion passes now.
import type { TrackerStory } from '../sprintStories';

export interface AdfNode {
  type: string;
  attrs?: Record<string, unknown>;
  text?: string;
  marks?: { type: string }[];
  content?: AdfNode[];
}

export interface AdfDoc {
  type: 'doc';
  version: 1;
  content: AdfNode[];
}

/** Jira caps a summary at 255 characters and refuses line breaks in it. */
const SUMMARY_MAX = 255;

export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function summaryOf(title: string, fallback: string): string {
  return oneLine(title).slice(0, SUMMARY_MAX) || fallback;
}

/** Paragraphs of plain text (ADF refuses empty text nodes, so blank paragraphs are dropped). */
function paragraphs(text: string): AdfNode[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => ({ type: 'paragraph', content: [{ type: 'text', text: p }] }));
}

function heading(text: string): AdfNode {
  return { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text }] };
}

/** Stable local ids: the same story writes the same document, so a rerun compares equal. */
function localId(storyId: string, part: string): string {
  return `puffin-${storyId}-${part}`;
}

export const CRITERIA_HEADING = 'Acceptance criteria';

export function storyDocument(story: TrackerStory, sprintTitle: string): AdfDoc {
  const items: AdfNode[] = story.criteria
    .map((c, i) => ({ text: oneLine(c.text), proven: c.proven, i }))
    .filter((c) => c.text !== '')
    .map((c) => ({
      type: 'taskItem',
      attrs: { localId: localId(story.id, `ac${c.i + 1}`), state: c.proven ? 'DONE' : 'TODO' },
      content: [{ type: 'text', text: c.text }],
    }));
  return {
    type: 'doc',
    version: 1,
    content: [
      ...paragraphs(story.description),
      ...(story.ris ? [heading('Ready-to-implement spec'), ...paragraphs(story.ris)] : []),
      heading(CRITERIA_HEADING),
      items.length > 0
        ? { type: 'taskList', attrs: { localId: localId(story.id, 'criteria') }, content: items }
        : { type: 'paragraph', content: [{ type: 'text', text: 'None yet.' }] },
      {
        type: 'paragraph',
        content: [
          {
            type: 'text',
            text:
              `Exported by Puffin from story ${story.id} (sprint “${oneLine(sprintTitle)}”). A box is ticked only ` +
              'when every assertion of that criterion passes at the current commit.',
            marks: [{ type: 'em' }],
          },
        ],
      },
    ],
  };
}

export function sprintDocument(sprint: { id: string; title: string }, storyCount: number): AdfDoc {
  return {
    type: 'doc',
    version: 1,
    content: paragraphs(
      `Puffin sprint ${sprint.id} (“${oneLine(sprint.title)}”): ${storyCount} ${storyCount === 1 ? 'story' : 'stories'}, ` +
        'each a child issue of this Epic.',
    ),
  };
}

function inline(nodes: AdfNode[] | undefined): string {
  return (nodes ?? [])
    .map((n) => (n.type === 'text' ? (n.text ?? '') : n.type === 'hardBreak' ? ' ' : inline(n.content)))
    .join('');
}

/** One block of an ADF document as markdown lines. */
function blockMarkdown(n: AdfNode): string {
  switch (n.type) {
    case 'heading':
      return `${'#'.repeat(Number(n.attrs?.level ?? 2))} ${inline(n.content)}`;
    case 'taskList':
      return (n.content ?? [])
        .filter((i) => i.type === 'taskItem')
        .map((i) => `- [${i.attrs?.state === 'DONE' ? 'x' : ' '}] ${oneLine(inline(i.content))}`)
        .join('\n');
    case 'bulletList':
    case 'orderedList':
      return (n.content ?? [])
        .map(
          (item, k) =>
            `${n.type === 'bulletList' ? '-' : `${k + 1}.`} ${oneLine((item.content ?? []).map(blockMarkdown).join(' '))}`,
        )
        .join('\n');
    case 'paragraph':
      return inline(n.content);
    default:
      return n.content ? n.content.map(blockMarkdown).join('\n\n') : (n.text ?? '');
  }
}

/** An issue's ADF description as markdown: how an import reads its text, task list and criteria section. */
export function adfMarkdown(doc: unknown): string {
  if (typeof doc === 'string') return doc;
  if (typeof doc !== 'object' || doc === null) return '';
  return ((doc as AdfNode).content ?? [])
    .map(blockMarkdown)
    .filter((b) => b.trim() !== '')
    .join('\n\n');
}
