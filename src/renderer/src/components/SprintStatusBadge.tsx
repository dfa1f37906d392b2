import type { SprintStatus } from '../../../shared/plans';

const SPRINT_STATUS_LABEL: Record<SprintStatus, string> = {
  open: 'Open',
  closed: 'Closed',
  archived: 'Archived',
};

/** A sprint's status as a badge, the same in the sprint list and in the sprint's own view. */
export function SprintStatusBadge({ status, testId }: { status: SprintStatus; testId?: string }) {
  return (
    <span className={`badge sprint-${status}`} data-testid={testId}>
      {SPRINT_STATUS_LABEL[status]}
    </span>
  );
}
