/**
 * The IPC contract: the single source of channel names, request schemas and response/event types.
 * Main validates every request against `requestSchemas` before a service sees it; the preload and the
 * browser-host client are generated from the channel list, so a channel exists everywhere or nowhere.
 * Each domain declares its channels in its own `*Channels.ts` (a new channel goes there); this file only joins them.
 */
import type { FromSchema } from 'json-schema-to-ts';
import type { CallActivityEvent } from '../activity';
import type { LogLine } from '../log';
import type { ProjectInfo } from '../project';
import type { Settings } from '../settings';
import type { BoardStory } from '../board';
import type { PlanPreview, SpecsProgress, Sprint, SprintDetail } from '../plans';
import type { Generation, GenerationProgress } from '../stories';
import type { StoriesChange } from '../storiesChange';
import type { IpcResult } from './errors';
import { appSchemas, type AppResponses } from './appChannels';
import { settingsSchemas, type SettingsResponses } from './settingsChannels';
import { projectSchemas, type ProjectResponses } from './projectChannels';
import { reviewSchemas, type ReviewResponses } from './reviewChannels';
import { historySchemas, type HistoryResponses } from './historyChannels';
import { backlogSchemas, type BacklogResponses } from './backlogChannels';
import { assertionSchemas, type AssertionResponses } from './assertionChannels';
import { planSchemas, type PlanResponses } from './planChannels';
import { promptSchemas, type PromptResponses } from './promptChannels';
import { proofSchemas, type ProofResponses } from './proofChannels';
import { engineSchemas, type EngineResponses } from './engineChannels';
import { agentSchemas, type AgentResponses } from './agentChannels';
import { formatSchemas, type FormatResponses } from './formatChannels';
import { teamSchemas, type TeamResponses } from './teamChannels';
import { trackerSchemas, type TrackerProgress, type TrackerResponses } from './trackerChannels';
import { workflowSchemas, type WorkflowResponses } from './workflowChannels';

export type { AppInfo, CliLocation, Face } from './appChannels';

export const requestSchemas = {
  // --- the app: info, log, where the CLI is, links ---
  ...appSchemas,
  // --- the user's settings ---
  ...settingsSchemas,
  // --- the opened project and its context ---
  ...projectSchemas,
  // --- the stories review: generations, revisions, the open review ---
  ...reviewSchemas,
  // --- History ---
  ...historySchemas,
  // --- the backlog ---
  ...backlogSchemas,
  // --- assertions: run, show, evaluate ---
  ...assertionSchemas,
  // --- the plans journey: sprints, plans, specs ---
  ...planSchemas,
  // --- one-off model calls: a raw prompt, the legacy extractors, a title ---
  ...promptSchemas,
  // --- proof of done: verify, hooks, CI, GitHub export, the board ---
  ...proofSchemas,
  // --- engine settings: model lists, test connection, API keys ---
  ...engineSchemas,
  // --- coding agents: the MCP server's tools, done only when verified ---
  ...agentSchemas,
  // --- other tools' spec formats and plan files ---
  ...formatSchemas,
  // --- a team on one repository: merge driver, conflicts, status and overlap across branches ---
  ...teamSchemas,
  // --- trackers: Jira, Linear and GitHub export, import and sync ---
  ...trackerSchemas,
  // --- workflows reached on their own: derived from their declarations in src/shared/workflows.ts ---
  ...workflowSchemas,
} as const;

export type RequestChannel = keyof typeof requestSchemas;
/** Request types derived from the schemas above (computed once per channel, then looked up). */
type DerivedRequestTypes = { [C in RequestChannel]: FromSchema<(typeof requestSchemas)[C]> };
// An interface is resolved once and cached, which keeps generic call sites cheap for the compiler.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface RequestTypes extends DerivedRequestTypes {}
export type RequestOf<C extends RequestChannel> = RequestTypes[C];

export interface ResponseTypes
  extends
    AppResponses,
    SettingsResponses,
    ProjectResponses,
    ReviewResponses,
    HistoryResponses,
    BacklogResponses,
    AssertionResponses,
    PlanResponses,
    PromptResponses,
    ProofResponses,
    EngineResponses,
    AgentResponses,
    FormatResponses,
    TeamResponses,
    TrackerResponses,
    WorkflowResponses {}

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
