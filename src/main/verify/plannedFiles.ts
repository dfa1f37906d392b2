// Planned against actual: the files a sprint story's plan item said it would create or modify, compared with the
// files git says changed since the sprint started. Pure; paths are compared after normalising to forward slashes.
import type { PlanItem } from '../../shared/plans';
import { isPuffinOutput } from './puffinOutputs';

export interface PlannedVsChanged {
  storyId: string;
  /** Planned and changed. */
  touched: string[];
  /** Planned (created or modified) but not changed. */
  plannedUntouched: string[];
  /**
   * Changed but planned by no item of the sprint. The same list for every story of the sprint: git cannot tell
   * which story a change was for, so an unplanned change is everybody's news. Puffin's own writes are never listed.
   */
  touchedUnplanned: string[];
}

export function normalizePath(p: string): string {
  return p
    .trim()
    .replace(/\\/g, '/')
    .replace(/^(?:\.\/)+/, '')
    .replace(/\/{2,}/g, '/');
}

function plannedOf(item: Pick<PlanItem, 'filesCreated' | 'filesModified'>): string[] {
  return [...new Set([...item.filesCreated, ...item.filesModified].map(normalizePath))].filter(
    (p) => p !== '',
  );
}

/** Per plan item (in plan order), the planned files touched and untouched, and the sprint's unplanned changes. */
export function comparePlannedFiles(
  items: readonly Pick<PlanItem, 'storyId' | 'filesCreated' | 'filesModified'>[],
  changed: readonly string[],
): PlannedVsChanged[] {
  const changedSet = new Set(changed.map(normalizePath));
  const plannedAnywhere = new Set(items.flatMap(plannedOf));
  const touchedUnplanned = [...changedSet]
    .filter((p) => !plannedAnywhere.has(p) && !isPuffinOutput(p))
    .sort();
  return items.map((item) => {
    const planned = plannedOf(item);
    return {
      storyId: item.storyId,
      touched: planned.filter((p) => changedSet.has(p)).sort(),
      plannedUntouched: planned.filter((p) => !changedSet.has(p)).sort(),
      touchedUnplanned,
    };
  });
}
