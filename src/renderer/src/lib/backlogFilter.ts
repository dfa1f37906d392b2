import type { Story, StoryStatus } from '../../../shared/stories';

export const STATUS_LABEL: Record<StoryStatus, string> = {
  pending: 'Pending',
  in_progress: 'In progress',
  done: 'Done',
  archived: 'Archived',
};

// Lower-cased search text per story object; records are replaced (not mutated) on change.
const haystacks = new WeakMap<Story, string>();
function haystack(s: Story): string {
  let h = haystacks.get(s);
  if (h === undefined) {
    h = [s.title, s.description, ...s.acceptanceCriteria].join('\n').toLowerCase();
    haystacks.set(s, h);
  }
  return h;
}

/** The stories shown under the status filter and the search (title, description, criteria; all words). */
export function filterStories(
  stories: readonly Story[],
  statusFilter: Record<StoryStatus, boolean>,
  search: string,
): Story[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return stories.filter((s) => {
    if (!statusFilter[s.status]) return false;
    if (words.length === 0) return true;
    const h = haystack(s);
    return words.every((w) => h.includes(w));
  });
}
