/** Stories, generations and project settings: the domain of the stories journey (issue 4). */
import type { GroundingRecord } from './grounding';
import { HISTORY_KINDS, type HistoryKind } from './workflows';
import type { IpcErrorData } from './ipc/errors';

/** What the model produces (the stories schema's item). */
export interface StoryDraft {
  title: string;
  description: string;
  acceptanceCriteria: string[];
}

export type StoryStatus = 'pending' | 'in_progress' | 'done' | 'archived';
export const STORY_STATUSES: readonly StoryStatus[] = ['pending', 'in_progress', 'done', 'archived'];

/** A story in the backlog (`.puffin/stories/<id>.json`). */
export interface Story extends StoryDraft {
  id: string;
  status: StoryStatus;
  createdAt: string;
  updatedAt: string;
  /** The generation it was accepted from, when it came from one. */
  generationId?: string;
}

/** A draft under review: `locked` drafts were accepted and must come back unchanged from a modify round. */
export interface ReviewDraft extends StoryDraft {
  locked: boolean;
}

/**
 * What a history record is: a stories-journey generation (derive, modify, plain prompt), or one CLI call of the
 * plans journey (kept so that everything a sprint cost shows in History). One kind per recorded workflow, named
 * in src/shared/workflows.ts.
 */
export const GENERATION_KINDS = HISTORY_KINDS;
export type GenerationKind = HistoryKind;
export type GenerationStatus = 'running' | 'succeeded' | 'failed' | 'cancelled';
export type GenerationSource = 'structured_output' | 'tool_use' | 'legacy_text';

export interface GenerationMeta {
  cliVersion: string | null;
  costUsd: number | null;
  turns: number | null;
  durationMs: number | null;
  sessionId: string | null;
  model: string | null;
}

/** Metadata of a generation before (or without) a CLI result. */
export const EMPTY_META: Readonly<GenerationMeta> = Object.freeze({
  cliVersion: null,
  costUsd: null,
  turns: null,
  durationMs: null,
  sessionId: null,
  model: null,
});

/** One prompt and its answer (`.puffin/history/<id>.json`); raw CLI lines sit beside it. */
export interface Generation {
  id: string;
  kind: GenerationKind;
  /** Short generated title (or a local fallback when the CLI fails). */
  title: string;
  prompt: string;
  feedback?: string;
  /** The previous round, for modify rounds. */
  parentId?: string;
  /** Plans-journey calls: the sprint the call was for. */
  sprintId?: string;
  model?: string;
  status: GenerationStatus;
  createdAt: string;
  finishedAt?: string;
  source?: GenerationSource;
  warnings: string[];
  meta: GenerationMeta;
  /** derive/modify: the stories (on cancel: those complete when it stopped). */
  stories?: ReviewDraft[];
  /** prompt: the answer as markdown. */
  markdown?: string;
  error?: IpcErrorData;
  /** Grounded calls: the files the model read, its searches and their cost in turns. */
  grounding?: GroundingRecord;
  /** The Puffin process running the call (kept while `running`): only it, or anyone once it died, ends it. */
  owner?: RunOwner;
}

/** A Puffin process: its id, machine and start time (a reused pid has another start time). */
export interface RunOwner {
  pid: number;
  host: string;
  startedAt: string;
}

/** Live progress of a running generation, pushed as the `generation:progress` event. */
export interface GenerationProgress {
  id: string;
  phase: 'queued' | 'running' | 'retrying' | 'finished';
  elapsedMs: number;
  /** Stories complete so far (each appears the moment its JSON closes). */
  stories: StoryDraft[];
  costUsd: number | null;
  /** When retrying a transient failure: seconds until the next attempt. */
  retryInSeconds?: number;
  message?: string;
}

/** Per-project settings (`.puffin/project.json`): context that goes into every prompt. */
/** `.puffin/project.json`: the project context (steering) that goes into every prompt. */
export interface ProjectSettings {
  description: string;
  conventions: string;
  /** Languages, frameworks and tools the project is built with. */
  stack?: string;
  /** Paths (or gitignore-style patterns) no planned work may create, change or delete. */
  neverTouch?: string[];
  /**
   * Secrets-looking or git-ignored paths (gitignore-style, relative) a grounded call may read anyway; by default
   * `.env*`, private keys and what git ignores are refused.
   */
  allowSensitive?: string[];
}

/** A first draft of the project context from the project's own files (README, CLAUDE.md, AGENTS.md, package.json). */
export interface ProjectContextDraft {
  description: string;
  stack: string;
  conventions: string;
  /** The files the draft came from, e.g. ['README.md', 'CLAUDE.md']. */
  from: string[];
}

/** The fields of ProjectSettings that hold a list of paths. */
export const PROJECT_PATH_LISTS = ['neverTouch', 'allowSensitive'] as const;
