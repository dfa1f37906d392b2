/** Which units of a specs run to run: every one of the steps asked, or only those without a good result. */
import type { SpecStep, Sprint } from '../../shared/plans';
import type { Story } from '../../shared/stories';
import type { SprintSpecs } from './planStore';
import type { PlanProject } from './sprintDetail';

export interface SpecUnits {
  ris: Story[];
  assertions: Story[];
  sprint: boolean;
}

/**
 * `stored` undefined: every unit of `steps`. Otherwise (a rerun of what is missing) only the units of `steps`
 * whose last run failed or that have no result yet (never run, or cut off by a cancel); null: nothing stored.
 */
export async function unitsToRun(
  p: PlanProject,
  sprintId: Sprint['id'],
  stories: readonly Story[],
  steps: readonly SpecStep[],
  stored?: SprintSpecs | null,
): Promise<SpecUnits> {
  const ris = steps.includes('ris') ? [...stories] : [];
  const assertions = steps.includes('assertions') ? [...stories] : [];
  const sprint = steps.includes('sprint_assertions');
  if (stored === undefined) return { ris, assertions, sprint };
  const failed = (step: SpecStep, storyId: string) =>
    (stored?.specErrors ?? []).some((e) => e.step === step && e.storyId === storyId);
  const risDone = new Set((await p.plans.ris(sprintId).list()).map((r) => r.storyId));
  const assertionsDone = new Set((stored?.assertions ?? []).map((a) => a.storyId));
  return {
    ris: ris.filter((s) => failed('ris', s.id) || !risDone.has(s.id)),
    assertions: assertions.filter((s) => failed('assertions', s.id) || !assertionsDone.has(s.id)),
    sprint: sprint && (failed('sprint_assertions', '') || !stored?.sprintAssertions),
  };
}
