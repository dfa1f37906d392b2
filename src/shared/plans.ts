/** Sprints, ambiguity questions, plans with revisions, RIS and generated assertions (issue 5). */
import type { GroundingRecord } from './grounding';
import type { Assertion } from './assertions';
import type { AmbiguityQuestion, FollowUpQuestion, Plan, PlanItem, RisSections } from './schema-types';
import type { GenerationMeta, Story } from './stories';
import type { ErrorCode } from './errors';

export type { Plan, PlanItem, AmbiguityQuestion, FollowUpQuestion } from './schema-types';

export type SprintStatus = 'open' | 'closed' | 'archived';

/** `.puffin/sprints/<id>.json` */
export interface Sprint {
  id: string;
  title: string;
  storyIds: string[];
  status: SprintStatus;
  createdAt: string;
  updatedAt: string;
}

/** A question with a stable id, so answers can refer to it. */
export interface SprintQuestion extends AmbiguityQuestion {
  id: string;
}

/** `.puffin/questions/<sprintId>.json`: the analysis and the user's answers. */
export interface SprintQuestions {
  sprintId: string;
  generatedAt: string;
  summary: string;
  questions: SprintQuestion[];
  /** questionId → answer (a picked suggestion or free text). */
  answers: Record<string, string>;
}

export type RevisionKind = 'generated' | 'refined' | 'item_regenerated' | 'restored';

export interface PlanRevision {
  /** 1-based, in creation order; never reused. */
  number: number;
  kind: RevisionKind;
  createdAt: string;
  plan: Plan;
  changelog: string[];
  followUpQuestions: FollowUpQuestion[];
  feedback?: string;
  /** For `restored`: the revision it copies. For `item_regenerated`: the story whose item was redone. */
  restoredFrom?: number;
  regeneratedStoryId?: string;
  meta?: GenerationMeta;
  /** What the model read in the project to write this revision (grounded calls). */
  grounding?: GroundingRecord;
}

/** `.puffin/plans/<sprintId>.json`: every revision is kept. */
export interface SprintPlan {
  sprintId: string;
  revisions: PlanRevision[];
  current: number;
  approved?: { revision: number; at: string };
}

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

/** `.puffin/ris/<sprintId>/<storyId>.json` */
export interface StoryRis {
  sprintId: string;
  storyId: string;
  markdown: string;
  sections: RisSections;
  createdAt: string;
  meta?: GenerationMeta;
}

export type SpecStep = 'ris' | 'assertions' | 'sprint_assertions';

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
  specErrors: { storyId: string; step: SpecStep; code: ErrorCode; message: string }[];
  /**
   * What the last specs run noted without failing (assertions dropped past 8 or fewer than 3 written, sprint
   * assertions for unknown stories dropped, an answer found another way than structured output); storyId ''
   * for the sprint assertions.
   */
  specWarnings: { storyId: string; step: SpecStep; message: string }[];
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
