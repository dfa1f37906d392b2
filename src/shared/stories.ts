/** Stories, generations and project settings: the domain of the stories journey. */
import { HISTORY_KINDS, type HistoryKind } from './workflows';
import type { GenerationMeta, UserStoryDraft } from './schema-types';

/**
 * The limits of a story draft, the same wherever a draft comes from or goes to: the model's answer (the stories
 * schema), the review and the backlog editor (the contract), and the stored story and generation records.
 */
export const STORY_DRAFT_LIMITS = {
  /** Characters of a title (at least 1). */
  title: 300,
  /** Characters of a description. */
  description: 20_000,
  /** Acceptance criteria per story. */
  criteria: 100,
  /** Characters of one criterion. */
  criterion: 5_000,
} as const;

/**
 * The one story-draft shape, as JSON Schema properties derived from STORY_DRAFT_LIMITS. The contract's drafts and
 * stored stories spread these; the model's schema adds only what a generated answer must also have (a
 * description and at least one criterion).
 */
export const storyDraftProperties = {
  title: { type: 'string', minLength: 1, maxLength: STORY_DRAFT_LIMITS.title },
  description: { type: 'string', maxLength: STORY_DRAFT_LIMITS.description },
  acceptanceCriteria: {
    type: 'array',
    maxItems: STORY_DRAFT_LIMITS.criteria,
    items: { type: 'string', maxLength: STORY_DRAFT_LIMITS.criterion },
  },
} as const;

export const STORY_DRAFT_FIELDS = ['title', 'description', 'acceptanceCriteria'] as const;

/** A story as the model proposes it and the user reviews it (the fields every story has). */
export type StoryDraft = UserStoryDraft;

/**
 * The stored records of the stories journey, typed from their schemas (src/main/schemas/records):
 * Story (`stories/<id>.json`), Generation (`history/<id>.json`, one prompt and its answer; raw CLI lines sit beside
 * it), ReviewDraft (a draft under review), ProjectSettings (`project.json`, context that goes into every prompt),
 * RunOwner (the Puffin process running a call: its id, machine and start time).
 */
export type {
  Generation,
  GenerationMeta,
  ProjectSettings,
  ReviewDraft,
  RunOwner,
  Story,
} from './schema-types';

export const STORY_STATUSES = ['pending', 'in_progress', 'done', 'archived'] as const;
export type StoryStatus = (typeof STORY_STATUSES)[number];

/**
 * What a history record is: a stories-journey generation (derive, modify, plain prompt), or one CLI call of the
 * plans journey (kept so that everything a sprint cost shows in History). One kind per recorded workflow, named
 * in src/shared/workflows.ts.
 */
export const GENERATION_KINDS = HISTORY_KINDS;
export type GenerationKind = HistoryKind;
export const GENERATION_STATUSES = ['running', 'succeeded', 'failed', 'cancelled'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];
export const GENERATION_SOURCES = ['structured_output', 'tool_use', 'legacy_text'] as const;
export type GenerationSource = (typeof GENERATION_SOURCES)[number];

/** Metadata of a generation before (or without) a CLI result. */
export const EMPTY_META: Readonly<GenerationMeta> = Object.freeze({
  provider: 'claude-cli',
  cliVersion: null,
  engineVersion: null,
  costUsd: null,
  turns: null,
  durationMs: null,
  sessionId: null,
  model: null,
});

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
