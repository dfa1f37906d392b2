import type { StoryStatus } from '../../../shared/stories';

export const STATUS_LABEL: Record<StoryStatus, string> = {
  pending: 'Pending',
  in_progress: 'In progress',
  done: 'Done',
  archived: 'Archived',
};
