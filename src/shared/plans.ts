/** Sprints, ambiguity questions, plans with revisions, RIS and generated assertions. */
import type { Assertion } from './assertions';
import type {
  AmbiguityQuestion,
  PlanItem,
  SpecError,
  SpecWarning,
  Sprint,
  SprintPlan,
  SprintQuestions,
  StoryRis,
} from './schema-types';
import type { Story } from './stories';

export type { Plan, PlanItem, AmbiguityQuestion, FollowUpQuestion } from './schema-types';
/**
 * The stored records of the plans journey, typed from their schemas (src/main/schemas/records): Sprint
 * (`sprints/<id>.json`), SprintQuestions (`questions/<sprintId>.json`: the analysis, questions with stable ids, the
 * user's answers), SprintPlan (`plans/<sprintId>.json`: every PlanRevision is kept), StoryRis
 * (`ris/<sprintId>/<storyId>.json`), SpecError (a per-story failure of a specs run).
 */
export type {
  PlanRevision,
  SpecError,
  SpecWarning,
  Sprint,
  SprintPlan,
  SprintQuestion,
  SprintQuestions,
  StoryRis,
} from './schema-types';

export const SPRINT_STATUSES = ['open', 'closed', 'archived'] as const;
export type SprintStatus = (typeof SPRINT_STATUSES)[number];

export const REVISION_KINDS = ['generated', 'refined', 'item_regenerated', 'restored', 'imported'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

export type GraphIssueKind =
  'cycle' | 'unknown_story' | 'unknown_dependency' | 'order_violation' | 'duplicate_item' | 'missing_story';

export interface GraphIssue {
  kind: GraphIssueKind;
  storyIds: string[];
  message: string;
}

/** `unseen_missing`: a file to modify that does not exist and that the model never read (grounded plans): guessed. */
export type FileIssueKind = 'modified_missing' | 'unseen_missing' | 'created_exists' | 'outside_project';

export interface FileIssue {
  kind: FileIssueKind;
  storyId: string;
  path: string;
  message: string;
}

/** Checks of the current revision: the dependency graph and the files against the project folder. */
export interface PlanChecks {
  revision: number;
  graph: GraphIssue[];
  files: FileIssue[];
}

export const SPEC_STEPS = ['ris', 'assertions', 'sprint_assertions'] as const;
export type SpecStep = (typeof SPEC_STEPS)[number];

/** Progress of approve → RIS → assertions, pushed as `plan:progress`. */
export interface SpecsProgress {
  sprintId: string;
  step: SpecStep;
  storyId?: string;
  status: 'running' | 'done' | 'failed' | 'cancelled';
  done: number;
  total: number;
  message?: string;
}

/** Everything the sprint view shows, in one answer. */
export interface SprintDetail {
  sprint: Sprint;
  stories: Story[];
  questions: SprintQuestions | null;
  plan: SprintPlan | null;
  checks: PlanChecks | null;
  ris: StoryRis[];
  /** Per-story assertions generated for this sprint (also stored where the assertions panel reads them). */
  assertions: { storyId: string; assertions: Assertion[]; notDiscriminating: string[] }[];
  /** The sprint-wide map schema's result: storyId → assertions. */
  sprintAssertions: Record<string, Assertion[]> | null;
  /** Per-story failures of the last specs run (RIS or assertions), kept next to the partial results. */
  specErrors: SpecError[];
  /**
   * What the last specs run noted without failing (assertions dropped past 8 or fewer than 3 written, sprint
   * assertions for unknown stories dropped, an answer found another way than structured output); storyId ''
   * for the sprint assertions.
   */
  specWarnings: SpecWarning[];
}

/**
 * Event `plan:preview`: what the sprint's running model step (analyze, generate, refine, regenerate item) has
 * produced so far; each plan item and question appears the moment its JSON closes. Empty lists after a retry.
 */
export interface PlanPreview {
  sprintId: string;
  planItems: PlanItem[];
  questions: AmbiguityQuestion[];
}
