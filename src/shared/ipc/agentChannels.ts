/**
 * Contract channels for coding agents (the MCP server's tools, any face may call them): what to work on next, a
 * story's whole spec, verifying it at the current tree, and a status change where `done` means verified. Each
 * schema is also the MCP tool's input schema, so its descriptions are short: every agent pays for them in context.
 * A story is named by its full id or a short id (`PUF-` and the start of the id).
 */
import type { GenerationStatus, StoryDraft, StoryStatus } from '../stories';
import type { StoryVerdict } from '../verify';
import { schema } from './schemaParts';

const STORY_REF = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  description: 'Story id or short id',
} as const;
const SPRINT_REF = { type: 'string', minLength: 1, maxLength: 200, description: 'Sprint id' } as const;
const STATUS = { enum: ['pending', 'in_progress', 'done', 'archived'] } as const;
const storyOnly = schema({
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: STORY_REF },
});

export const agentSchemas = {
  'agent:listStories': schema({
    type: 'object',
    additionalProperties: false,
    properties: {
      status: STATUS,
      sprint: SPRINT_REF,
      query: { type: 'string', maxLength: 500, description: 'Words in title, description or criteria' },
      limit: { type: 'integer', minimum: 1, maximum: 1000 },
    },
  }),
  'agent:getStory': storyOnly,
  'agent:nextStory': schema({
    type: 'object',
    additionalProperties: false,
    properties: { sprint: SPRINT_REF },
  }),
  'agent:verifyStory': storyOnly,
  'agent:setStoryStatus': schema({
    type: 'object',
    additionalProperties: false,
    required: ['id', 'status'],
    properties: { id: STORY_REF, status: STATUS },
  }),
  'agent:deriveStories': schema({
    type: 'object',
    additionalProperties: false,
    required: ['request'],
    properties: { request: { type: 'string', minLength: 1, maxLength: 200_000 } },
  }),
  'agent:getPlan': schema({
    type: 'object',
    additionalProperties: false,
    required: ['sprint'],
    properties: { sprint: SPRINT_REF },
  }),
  /** The user's coding agent implements the story in a git worktree on a new branch; its assertions judge it. */
  'agent:implement': schema({
    type: 'object',
    additionalProperties: false,
    required: ['story'],
    properties: {
      story: STORY_REF,
      rounds: { type: 'integer', minimum: 1, maximum: 10 },
      // The one coding agent Puffin drives in a worktree today.
      provider: { enum: ['claude-cli'] },
    },
  }),
  /** Stops the story's implement run (its agent's process tree); the worktree keeps what was written. */
  'agent:cancelImplement': schema({
    type: 'object',
    additionalProperties: false,
    required: ['story'],
    properties: { story: { type: 'string', minLength: 1, maxLength: 200 } },
  }),
  /** Writes the agent instructions into AGENTS.md and CLAUDE.md of the opened project (a marked block). */
  'agent:init': schema({ type: 'object', additionalProperties: false, properties: {} }),
} as const;

/** The call id of a story's implement runs in `call:activity` events (the Board shows them live). */
export const implementCallId = (storyId: string): string => `implement-${storyId}`;

export interface AgentStoryLine {
  id: string;
  shortId: string;
  title: string;
  status: StoryStatus;
  /** From the last recorded run of its assertions (`unspecified` without assertions). */
  verdict: StoryVerdict;
}

export interface AgentAssertion {
  id: string;
  type: string;
  target: string;
  message: string;
  /** The last recorded result, or null before the first run. */
  last: { status: 'pass' | 'fail' | 'error'; reason: string } | null;
}

export interface AgentPlanItem {
  order: number;
  storyId: string;
  title: string;
  approach: string;
  filesCreated: string[];
  filesModified: string[];
  dependencies: string[];
  complexity: string;
}

export interface AgentStory extends AgentStoryLine {
  description: string;
  acceptanceCriteria: string[];
  sprintId: string | null;
  planItem: AgentPlanItem | null;
  /** The ready-to-implement spec (markdown), or null before it was generated. */
  ris: string | null;
  assertions: AgentAssertion[];
}

export interface AgentFailure {
  assertion: string;
  message: string;
  reason: string;
  file: string | null;
  line: number | null;
}

export interface AgentVerification {
  id: string;
  status: StoryVerdict;
  failing: AgentFailure[];
  regressions: { assertion: string; message: string; lastPassedCommit: string | null }[];
}

export interface AgentResponses {
  'agent:listStories': { stories: AgentStoryLine[]; total: number };
  'agent:getStory': AgentStory;
  'agent:nextStory': { story: AgentStoryLine | null; sprintId: string | null; reason: string };
  'agent:verifyStory': AgentVerification;
  'agent:setStoryStatus': AgentStoryLine;
  'agent:deriveStories': { generationId: string; status: GenerationStatus; drafts: StoryDraft[] };
  'agent:getPlan': { sprintId: string; title: string; approvedRevision: number; items: AgentPlanItem[] };
  'agent:implement': {
    branch: string;
    worktree: string;
    verdict: 'verified' | 'failing';
    failing: AgentFailure[];
    changedFiles: string[];
    costUsd: number;
    rounds: number;
  };
  'agent:cancelImplement': { cancelled: boolean };
  'agent:init': { files: { path: string; action: 'created' | 'updated' | 'unchanged' }[] };
}
