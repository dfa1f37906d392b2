/**
 * The IPC contract: the single source of channel names, request schemas and response/event types.
 * Main validates every request against `requestSchemas` before a service sees it; the preload and the
 * browser-host client are generated from the channel list, so a channel exists everywhere or nowhere.
 */
import type { FromSchema } from 'json-schema-to-ts';
import type { CallActivityEvent } from '../activity';
import type { LogLine } from '../log';
import type { ProjectInfo } from '../project';
import type { Settings } from '../settings';
import type { StoryAssertionsView } from '../assertions';
import type { BoardStory } from '../board';
import type { PlanPreview, SpecsProgress, Sprint, SprintDetail } from '../plans';
import type { Generation, GenerationProgress, ProjectContextDraft, ProjectSettings, Story } from '../stories';
import type { StoriesChange } from '../storiesChange';
import type { IpcResult } from './errors';
import {
  empty,
  ID,
  projectPathList,
  reviewDraft,
  schema,
  sprintOnly,
  storedStory,
  storyDraft,
} from './schemaParts';
import { proofSchemas, type ProofResponses } from './proofChannels';
import { teamSchemas, type TeamResponses } from './teamChannels';
import { openReviewSchemas, type OpenReviewResponses } from './openReviewChannels';
import { reviewSchemas, type ReviewResponses } from './reviewChannels';
import { toolSchemas, type ToolResponses } from './toolChannels';
import { engineSchemas, engineSettingsSchema, type EngineResponses } from './engineChannels';
import { agentSchemas, type AgentResponses } from './agentChannels';
import { formatSchemas, type FormatResponses } from './formatChannels';
import { trackerSchemas, type TrackerProgress, type TrackerResponses } from './trackerChannels';
import { backlogSchemas, type BacklogResponses } from './backlogChannels';

export const requestSchemas = {
  'app:info': empty,
  'settings:get': empty,
  'settings:update': schema({
    type: 'object',
    additionalProperties: false,
    minProperties: 1,
    properties: {
      claudePath: { type: 'string', maxLength: 4096 },
      maxConcurrent: { type: 'integer', minimum: 1, maximum: 16 },
      defaultModel: { type: 'string', maxLength: 200, pattern: '^[A-Za-z0-9._:\\[\\]-]*$' },
      theme: { enum: ['light', 'dark', 'system'] },
      engines: engineSettingsSchema,
      agentShell: { type: 'boolean' },
    },
  }),
  'project:open': schema({
    type: 'object',
    additionalProperties: false,
    required: ['path'],
    properties: {
      path: { type: 'string', minLength: 1, maxLength: 4096 },
      /** Generations may not read the project (`--hermetic`); by default they are grounded in it. */
      hermetic: { type: 'boolean' },
    },
  }),
  'project:current': empty,
  'project:pickFolder': empty,
  'project:forgetRecent': schema({
    type: 'object',
    additionalProperties: false,
    required: ['path'],
    properties: { path: { type: 'string', minLength: 1, maxLength: 4096 } },
  }),
  'log:recent': schema({
    type: 'object',
    additionalProperties: false,
    properties: { limit: { type: 'integer', minimum: 1, maximum: 5000 } },
  }),
  /** Where the Claude Code CLI is found right now (Settings, PUFFIN_CLAUDE_PATH, PATH, login shell), or why not. */
  'cli:locate': empty,
  /** Opens the log file (warnings and errors) with the system's viewer where there is one (desktop). */
  'log:openFile': empty,
  'shell:openExternal': schema({
    type: 'object',
    additionalProperties: false,
    required: ['url'],
    properties: { url: { type: 'string', minLength: 1, maxLength: 2048 } },
  }),
  // --- stories journey ---
  'generation:derive': schema({
    type: 'object',
    additionalProperties: false,
    required: ['id', 'prompt', 'deriveStories'],
    properties: {
      id: { type: 'string', pattern: ID },
      prompt: { type: 'string', minLength: 1, maxLength: 200_000 },
      /** The "Derive user stories" checkbox: stories schema when true, a plain markdown answer when false. */
      deriveStories: { type: 'boolean' },
      model: { type: 'string', maxLength: 200 },
    },
  }),
  'generation:modify': schema({
    type: 'object',
    additionalProperties: false,
    required: ['id', 'parentId', 'feedback', 'stories'],
    properties: {
      id: { type: 'string', pattern: ID },
      parentId: { type: 'string', pattern: ID },
      feedback: { type: 'string', minLength: 1, maxLength: 50_000 },
      stories: { type: 'array', maxItems: 200, items: reviewDraft },
      model: { type: 'string', maxLength: 200 },
    },
  }),
  'generation:cancel': schema({
    type: 'object',
    additionalProperties: false,
    required: ['id'],
    properties: { id: { type: 'string', pattern: ID } },
  }),
  'history:list': empty,
  'history:rawLines': schema({
    type: 'object',
    additionalProperties: false,
    required: ['id'],
    properties: { id: { type: 'string', pattern: ID } },
  }),
  'stories:list': empty,
  'stories:accept': schema({
    type: 'object',
    additionalProperties: false,
    required: ['drafts'],
    properties: {
      generationId: { type: 'string', pattern: ID },
      drafts: { type: 'array', minItems: 1, maxItems: 200, items: storyDraft },
    },
  }),
  'stories:update': schema({
    type: 'object',
    additionalProperties: false,
    required: ['id', 'patch'],
    properties: {
      id: { type: 'string', pattern: ID },
      patch: {
        type: 'object',
        additionalProperties: false,
        minProperties: 1,
        properties: {
          ...storyDraft.properties,
          status: { enum: ['pending', 'in_progress', 'done', 'archived'] },
        },
      },
    },
  }),
  /** One status for many stories in one request (bulk archive): one write each, one stories:changed. */
  'stories:setStatus': schema({
    type: 'object',
    additionalProperties: false,
    required: ['ids', 'status'],
    properties: {
      ids: { type: 'array', minItems: 1, maxItems: 10_000, items: { type: 'string', pattern: ID } },
      status: { enum: ['pending', 'in_progress', 'done', 'archived'] },
    },
  }),
  'stories:delete': schema({
    type: 'object',
    additionalProperties: false,
    required: ['ids'],
    properties: {
      ids: { type: 'array', minItems: 1, maxItems: 10_000, items: { type: 'string', pattern: ID } },
    },
  }),
  /** Undo of a delete: puts the exact records back. */
  'stories:restore': schema({
    type: 'object',
    additionalProperties: false,
    required: ['stories'],
    properties: { stories: { type: 'array', minItems: 1, maxItems: 10_000, items: storedStory } },
  }),
  'projectSettings:get': empty,
  /** A draft project context from the project's README, CLAUDE.md, AGENTS.md and package.json (nothing saved). */
  'projectSettings:import': empty,
  'projectSettings:update': schema({
    type: 'object',
    additionalProperties: false,
    minProperties: 1,
    properties: {
      description: { type: 'string', maxLength: 20_000 },
      conventions: { type: 'string', maxLength: 20_000 },
      stack: { type: 'string', maxLength: 2_000 },
      neverTouch: projectPathList,
      allowSensitive: projectPathList,
    },
  }),
  // --- assertions ---
  'assertions:list': empty,
  'assertions:run': schema({
    type: 'object',
    additionalProperties: false,
    required: ['storyId'],
    properties: {
      storyId: { type: 'string', pattern: ID },
      assertionIds: { type: 'array', minItems: 1, maxItems: 1000, items: { type: 'string', maxLength: 200 } },
    },
  }),
  'assertions:openLocation': schema({
    type: 'object',
    additionalProperties: false,
    required: ['file'],
    properties: {
      file: { type: 'string', minLength: 1, maxLength: 4096 },
      line: { type: 'integer', minimum: 1 },
    },
  }),
  // --- plans journey ---
  'sprints:list': empty,
  'sprints:create': schema({
    type: 'object',
    additionalProperties: false,
    required: ['storyIds'],
    properties: {
      storyIds: {
        type: 'array',
        minItems: 1,
        maxItems: 100,
        uniqueItems: true,
        items: { type: 'string', pattern: ID },
      },
      /** Optional; a title is generated otherwise. */
      title: { type: 'string', minLength: 1, maxLength: 200 },
    },
  }),
  'sprints:update': schema({
    type: 'object',
    additionalProperties: false,
    required: ['id', 'patch'],
    properties: {
      id: { type: 'string', pattern: ID },
      patch: {
        type: 'object',
        additionalProperties: false,
        minProperties: 1,
        properties: {
          title: { type: 'string', minLength: 1, maxLength: 200 },
          status: { enum: ['open', 'closed', 'archived'] },
          /** What the sprint's model calls may cost in USD; null removes the limit. */
          budgetUsd: {
            anyOf: [{ type: 'number', exclusiveMinimum: 0, maximum: 1_000_000 }, { type: 'null' }],
          },
        },
      },
    },
  }),
  'sprints:get': sprintOnly,
  /** Analyses ambiguities; when there are none, goes straight on to generate the plan. */
  'plan:analyze': sprintOnly,
  'plan:answer': schema({
    type: 'object',
    additionalProperties: false,
    required: ['sprintId', 'answers'],
    properties: {
      sprintId: { type: 'string', pattern: ID },
      answers: {
        type: 'object',
        maxProperties: 100,
        propertyNames: { pattern: ID },
        additionalProperties: { type: 'string', maxLength: 10_000 },
      },
    },
  }),
  'plan:generate': sprintOnly,
  'plan:refine': schema({
    type: 'object',
    additionalProperties: false,
    required: ['sprintId', 'feedback'],
    properties: {
      sprintId: { type: 'string', pattern: ID },
      feedback: { type: 'string', minLength: 1, maxLength: 50_000 },
    },
  }),
  'plan:regenerateItem': schema({
    type: 'object',
    additionalProperties: false,
    required: ['sprintId', 'storyId'],
    properties: {
      sprintId: { type: 'string', pattern: ID },
      storyId: { type: 'string', pattern: ID },
      feedback: { type: 'string', maxLength: 50_000 },
    },
  }),
  'plan:restore': schema({
    type: 'object',
    additionalProperties: false,
    required: ['sprintId', 'revision'],
    properties: { sprintId: { type: 'string', pattern: ID }, revision: { type: 'integer', minimum: 1 } },
  }),
  /** Refused while the dependency graph has errors; file mismatches need `acceptFileMismatches`. */
  'plan:approve': schema({
    type: 'object',
    additionalProperties: false,
    required: ['sprintId'],
    properties: { sprintId: { type: 'string', pattern: ID }, acceptFileMismatches: { type: 'boolean' } },
  }),
  /**
   * RIS per story, then assertions per story, then the sprint assertions (or only `steps`); `plan:progress`.
   * `onlyMissing`: only the calls whose last run failed or that have no result yet (a failed step reruns alone).
   */
  'plan:specs': schema({
    type: 'object',
    additionalProperties: false,
    required: ['sprintId'],
    properties: {
      sprintId: { type: 'string', pattern: ID },
      steps: {
        type: 'array',
        minItems: 1,
        uniqueItems: true,
        items: { enum: ['ris', 'assertions', 'sprint_assertions'] },
      },
      onlyMissing: { type: 'boolean' },
    },
  }),
  'plan:cancel': sprintOnly,
  /** Writes docs/puffin/<sprint-slug>.md in the project. */
  'plan:export': sprintOnly,
  // --- what the headless command line needs beyond the app's channels ---
  ...toolSchemas,
  // --- proof of done: verify, hooks, CI, GitHub export, the board ---
  ...proofSchemas,
  // --- stories reviews kept like plans: one story regenerated, revisions ---
  ...reviewSchemas,
  // --- the open stories review, saved as it changes ---
  ...openReviewSchemas,
  // --- engine settings: model lists, test connection, API keys ---
  ...engineSchemas,
  // --- coding agents: the MCP server's tools, done only when verified ---
  ...agentSchemas,
  // --- other tools' spec formats and plan files ---
  ...formatSchemas,
  // --- a team on one repository: merge driver, conflicts, status and overlap across branches ---
  ...teamSchemas,
  // --- trackers: Jira and Linear export ---
  ...trackerSchemas,
  // --- the backlog by page ---
  ...backlogSchemas,
} as const;

export type RequestChannel = keyof typeof requestSchemas;
/** Request types derived from the schemas above (computed once per channel, then looked up). */
type DerivedRequestTypes = { [C in RequestChannel]: FromSchema<(typeof requestSchemas)[C]> };
// An interface is resolved once and cached, which keeps generic call sites cheap for the compiler.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface RequestTypes extends DerivedRequestTypes {}
export type RequestOf<C extends RequestChannel> = RequestTypes[C];

/** Who serves the app: the desktop window, the browser host, the headless command line or its MCP server. */
export type Face = 'electron' | 'browser' | 'cli' | 'mcp';

/** Where the CLI was found and by which rule, or the typed reason it was not. */
export type CliLocation =
  | { found: true; path: string; source: 'settings' | 'env' | 'path' | 'login-shell' }
  | { found: false; code: 'cli_not_found' | 'cli_not_executable'; message: string };

export interface AppInfo {
  name: string;
  version: string;
  face: Face;
  platform: string;
  userDataDir: string;
  /** Whether a native folder picker exists (Electron); the browser host asks for a typed path instead. */
  nativeDialogs: boolean;
  /** Where warnings and errors are kept across restarts (rotated). */
  logFile: string;
  /** Files of the user-data folder (settings.json) that could not be read and were kept aside, one line each. */
  problems?: string[];
}

export interface ResponseTypes
  extends
    ToolResponses,
    ProofResponses,
    ReviewResponses,
    OpenReviewResponses,
    EngineResponses,
    AgentResponses,
    FormatResponses,
    TeamResponses,
    TrackerResponses,
    BacklogResponses {
  'app:info': AppInfo;
  'settings:get': Settings;
  'settings:update': Settings;
  'project:open': ProjectInfo;
  'project:current': ProjectInfo | null;
  /** null when the user cancelled the dialog. */
  'project:pickFolder': ProjectInfo | null;
  'project:forgetRecent': Settings;
  'log:recent': LogLine[];
  'cli:locate': CliLocation;
  /** `opened` is false where no desktop shell exists (browser host, headless): show `path` instead. */
  'log:openFile': { opened: boolean; path: string };
  'shell:openExternal': { opened: boolean };
  /** Resolve when the generation ends (any status); progress arrives meanwhile as events. */
  'generation:derive': Generation;
  'generation:modify': Generation;
  'generation:cancel': { cancelled: boolean };
  /** Newest first; without raw CLI lines. */
  'history:list': Generation[];
  'history:rawLines': string[];
  /** The whole backlog: for a face inside the process (the command line); the app and the host page it. */
  'stories:list': Story[];
  'stories:accept': Story[];
  'stories:update': Story;
  /** The stories as stored with their new status. */
  'stories:setStatus': Story[];
  /** The deleted records, so the renderer can offer undo (stories:restore). */
  'stories:delete': Story[];
  'stories:restore': Story[];
  'projectSettings:get': ProjectSettings;
  'projectSettings:update': ProjectSettings;
  'projectSettings:import': ProjectContextDraft;
  'assertions:list': StoryAssertionsView[];
  /** The story's refreshed view after the run was stored. */
  'assertions:run': StoryAssertionsView;
  /**
   * `opened`: the file was shown selected in the system's file manager (never run with its default app); false
   * where no desktop shell exists (browser host): show `path` instead.
   */
  'assertions:openLocation': { opened: boolean; path: string };
  'sprints:list': Sprint[];
  'sprints:create': Sprint;
  'sprints:update': Sprint;
  'sprints:get': SprintDetail;
  'plan:analyze': SprintDetail;
  'plan:answer': SprintDetail;
  'plan:generate': SprintDetail;
  'plan:refine': SprintDetail;
  'plan:regenerateItem': SprintDetail;
  'plan:restore': SprintDetail;
  'plan:approve': SprintDetail;
  /** Resolves when every step ended; partial results are kept when a step fails or is cancelled. */
  'plan:specs': SprintDetail;
  'plan:cancel': { cancelled: boolean };
  /** Path of the written file, relative to the project. */
  'plan:export': { path: string };
}

export type ResponseOf<C extends RequestChannel> = ResponseTypes[C];

export const requestChannels = Object.keys(requestSchemas) as RequestChannel[];

/** Events pushed from main to every renderer. */
export interface EventPayloads {
  'log:line': LogLine;
  'settings:changed': Settings;
  'project:changed': ProjectInfo | null;
  'generation:progress': GenerationProgress;
  /** A generation was stored or changed (e.g. its title arrived). */
  'history:changed': Generation;
  /** Only what a backlog change touched; apply it by id (applyStoriesChange). */
  'stories:changed': StoriesChange;
  'sprints:changed': Sprint[];
  /** A sprint's detail changed (new questions, revision, RIS, assertions...). */
  'sprint:changed': SprintDetail;
  'plan:progress': SpecsProgress;
  'plan:preview': PlanPreview;
  /** What a running model call is doing (turn, tools, retry, tokens, elapsed) and its raw lines as they arrive. */
  'call:activity': CallActivityEvent;
  /** Stories whose board card changed since the last board:get (the project watch re-evaluated them). */
  'board:changed': BoardStory[];
  /** How far a tracker export has got, and any wait for the tracker's rate limit or a server error. */
  'tracker:progress': TrackerProgress;
}
export type EventChannel = keyof EventPayloads;
/** Keyed by EventChannel, so an event left out here (or misspelt) does not compile. */
const everyEvent: Record<EventChannel, true> = {
  'log:line': true,
  'settings:changed': true,
  'project:changed': true,
  'generation:progress': true,
  'history:changed': true,
  'stories:changed': true,
  'sprints:changed': true,
  'sprint:changed': true,
  'plan:progress': true,
  'plan:preview': true,
  'call:activity': true,
  'board:changed': true,
  'tracker:progress': true,
};
export const eventChannels = Object.keys(everyEvent) as readonly EventChannel[];

/** 'settings:get' → 'settingsGet': the name of the generated bridge function for a channel. */
export type MethodName<C extends string> = C extends `${infer A}:${infer B}` ? `${A}${Capitalize<B>}` : C;
export function methodName<C extends RequestChannel>(channel: C): MethodName<C> {
  const [a, b = ''] = channel.split(':');
  return `${a}${b.charAt(0).toUpperCase()}${b.slice(1)}` as MethodName<C>;
}

/**
 * What the preload exposes on `window.puffin` and what the browser-host client implements:
 * one function per request channel (answers are envelopes, so typed errors survive the bridge),
 * plus a subscription for events.
 */
export type PuffinBridge = {
  [C in RequestChannel as MethodName<C>]: (request: RequestOf<C>) => Promise<IpcResult<ResponseOf<C>>>;
} & {
  on<E extends EventChannel>(event: E, listener: (payload: EventPayloads[E]) => void): () => void;
};
