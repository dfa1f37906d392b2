import type { Story, StoryStatus } from '../../../shared/stories';
import { matchesSearch, searchWords } from '../../../shared/storySearch';

export const STATUS_LABEL: Record<StoryStatus, string> = {
  pending: 'Pending',
  in_progress: 'In progress',
  done: 'Done',
  archived: 'Archived',
};

/** The stories shown under the status filter and the search (title, description, criteria; all words). */
export function filterStories(
  stories: readonly Story[],
  statusFilter: Record<StoryStatus, boolean>,
  search: string,
): Story[] {
  const words = searchWords(search);
  return stories.filter((s) => statusFilter[s.status] && matchesSearch(s, words));
}
