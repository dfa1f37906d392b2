/**
 * The id a draft gets in the backlog when it is accepted from a generation: derived from the generation and the
 * draft's title, so accepting the same generation again (twice from the command line, or once from the app and
 * once from the command line) finds the story already there instead of adding it a second time. It keeps the
 * shape of a random UUID, so short ids (`PUF-xxxx`) read the same for every story.
 */
import { createHash } from 'node:crypto';
import type { StoryDraft } from '../../shared/stories';

/** Titles that differ only in case or spacing name the same draft. */
const normalTitle = (title: string) => title.trim().replace(/\s+/g, ' ').toLowerCase();

function uuidFrom(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  // Version 5 and the RFC 4122 variant, as a name-based UUID has them.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The backlog id of each draft accepted from `generationId`, in the drafts' order. Two drafts of one request with
 * the same title are told apart by their occurrence, so both are kept.
 */
export function acceptedStoryIds(
  generationId: string,
  drafts: readonly Pick<StoryDraft, 'title'>[],
): string[] {
  const seen = new Map<string, number>();
  return drafts.map((d) => {
    const title = normalTitle(d.title);
    const n = (seen.get(title) ?? 0) + 1;
    seen.set(title, n);
    return uuidFrom(`${generationId}\n${title}\n${n}`);
  });
}
