/**
 * The workflows Puffin runs through the CLI, as every part of the app sees them: the name, the label shown to
 * the user, and the kind of history record a call of the workflow leaves (null: not kept in History); and, for a
 * workflow the app and the command line reach on its own, its `action` (channel, request, answer, command words),
 * from which its contract channel, handler and command are derived (src/shared/workflowActions.ts). The rest
 * of each workflow (schema, prompt, limits, result mapping) is its definition in src/main/workflows/<name>.ts;
 * WORKFLOWS there must hold one definition per name here, or the build fails.
 */
import type { WorkflowAction } from './workflowActions';

export const WORKFLOW_INFO = {
  deriveStories: { label: 'Derive stories', historyKind: 'derive' },
  modifyStories: { label: 'Modify stories', historyKind: 'modify' },
  regenerateStory: { label: 'Regenerate one story', historyKind: 'story-regen' },
  plainPrompt: { label: 'Plain prompt', historyKind: 'prompt' },
  // A title belongs to the record it names (a generation, a sprint); its call is not a record of its own.
  generateTitle: { label: 'Title', historyKind: null },
  analyzeAmbiguities: { label: 'Plan: ambiguity questions', historyKind: 'plan-analyze' },
  generatePlan: { label: 'Plan: generate', historyKind: 'plan-generate' },
  refinePlan: { label: 'Plan: refine', historyKind: 'plan-refine' },
  regeneratePlanItem: { label: 'Plan: regenerate one item', historyKind: 'plan-item' },
  generateRis: { label: 'RIS', historyKind: 'spec-ris' },
  generateStoryAssertions: { label: 'Story assertions', historyKind: 'spec-assertions' },
  generateSprintAssertions: { label: 'Sprint assertions', historyKind: 'spec-sprint-assertions' },
  describeCode: { label: 'Describe existing code', historyKind: 'reverse' },
  // `puffin prompt`: the caller's prompt and schema, nothing stored.
  'cli-prompt': { label: 'Headless prompt', historyKind: null },
} as const satisfies Record<string, { label: string; historyKind: string | null; action?: WorkflowAction }>;

export type WorkflowName = keyof typeof WORKFLOW_INFO;
export type WorkflowInfo = (typeof WORKFLOW_INFO)[WorkflowName];

/**
 * Records that are no workflow's call: `puffin implement` (the coding agent's rounds on a story, their cost and the
 * verdict on its branch) is kept in History and counted in its sprint's budget like every call.
 */
const AGENT_KINDS = [{ kind: 'implement', label: 'Implement a story' }] as const;

/** The kinds of history record: one per workflow that keeps its calls in History, and the agent's runs. */
export type HistoryKind = NonNullable<WorkflowInfo['historyKind']> | (typeof AGENT_KINDS)[number]['kind'];

export const WORKFLOW_NAMES = Object.keys(WORKFLOW_INFO) as WorkflowName[];

export function isWorkflowName(name: string): name is WorkflowName {
  return Object.hasOwn(WORKFLOW_INFO, name);
}

/** The history kind a workflow's calls are recorded as, or null when they are not recorded. */
export function historyKindOf(name: WorkflowName): HistoryKind | null {
  return WORKFLOW_INFO[name].historyKind;
}

const recorded: { kind: HistoryKind; label: string }[] = [
  ...WORKFLOW_NAMES.flatMap((name) => {
    const kind = historyKindOf(name);
    return kind ? [{ kind, label: WORKFLOW_INFO[name].label }] : [];
  }),
  ...AGENT_KINDS,
];

/** Every history kind, in the order of the workflows above, then the agent's. */
export const HISTORY_KINDS: readonly HistoryKind[] = recorded.map((r) => r.kind);

/** What History calls each kind of record: its workflow's label. */
export const HISTORY_KIND_LABELS = Object.fromEntries(recorded.map((r) => [r.kind, r.label])) as Readonly<
  Record<HistoryKind, string>
>;
