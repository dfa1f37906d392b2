/**
 * The pure plan functions another engineer writes (src/shared/planGraph.ts, planDiff.ts, fileChecks.ts,
 * mergeItem.ts, exportMarkdown.ts), reached through this one module so the service compiles before they land.
 * INTERIM: until then these are minimal stand-ins with the agreed signatures; replace each with a re-export.
 */
import type { FileIssue, GraphIssue, Plan, SprintDetail } from '../../shared/plans';

export function checkPlanGraph(plan: Plan, storyIds: readonly string[]): GraphIssue[] {
  void plan;
  void storyIds;
  return [];
}

export async function checkPlanFiles(projectDir: string, plan: Plan): Promise<FileIssue[]> {
  void projectDir;
  void plan;
  return [];
}

export function mergeRegeneratedItem(current: Plan, storyId: string, regenerated: Plan): Plan {
  const item = regenerated.planItems.find((i) => i.storyId === storyId);
  if (!item) return current;
  return { ...current, planItems: current.planItems.map((i) => (i.storyId === storyId ? item : i)) };
}

export async function writeSprintExport(projectDir: string, detail: SprintDetail): Promise<string> {
  void projectDir;
  void detail;
  throw new Error('Export is not available yet.');
}
