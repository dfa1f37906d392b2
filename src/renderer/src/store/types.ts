import type { StateCreator } from 'zustand';
import type { AppInfo, CliLocation, RequestOf } from '../../../shared/ipc/contract';
import type { EngineTestResult } from '../../../shared/ipc/engineChannels';
import type { WorkflowChannel, WorkflowValue } from '../../../shared/ipc/workflowChannels';
import type { KeyedProvider, KeysView, ProviderFacts } from '../../../shared/engineSettings';
import type { ProviderName } from '../../../shared/engines';
import type { LogLevel, LogLine } from '../../../shared/log';
import type { ProjectInfo } from '../../../shared/project';
import type { Settings } from '../../../shared/settings';
import type { StoriesChange } from '../../../shared/storiesChange';
import type {
  Generation,
  GenerationProgress,
  ProjectContextDraft,
  ProjectSettings,
  ReviewDraft,
  Story,
  StoryDraft,
  StoryStatus,
} from '../../../shared/stories';
import type { StoryRevisions } from '../../../shared/storyRevisions';
import type { StoryChange } from '../lib/storyDiff';
import type { Client } from '../bridge/client';
import type { AssertionsSlice } from './assertionsSlice';
import type { BoardSlice } from './boardSlice';
import type { TeamSlice } from './teamSlice';
import type { ImplementSlice } from './implementSlice';
import type { ReverseSlice } from './reverseSlice';
import type { LiveSlice } from './liveSlice';
import type { SprintSlice } from './sprintSlice';
import type { TrackerSlice } from './trackerSlice';
import type { UiError } from './uiError';

export type View =
  'project' | 'prompt' | 'backlog' | 'sprints' | 'board' | 'history' | 'assertions' | 'settings' | 'activity';

/** The app-wide line under the top bar: information, or a failed call's error (shown with its next step). */
export type Notice = { kind: 'info'; message: string } | ({ kind: 'error' } & UiError);

/** The lists a panel loads; one whose load failed shows the failure, never "none yet". */
export type LoadedList = 'stories' | 'history' | 'assertions' | 'sprints' | 'board';

export interface AppSlice {
  info: AppInfo | null;
  view: View;
  notice: Notice | null;
  /** Why a list could not be loaded (e.g. the host refused the page): its panel says so instead of "empty". */
  loadErrors: Partial<Record<LoadedList, UiError>>;
  setView(view: View): void;
  notify(notice: Notice | null): void;
  /** Loads everything the first screen needs and subscribes to main's events. Returns an unsubscribe. */
  boot(): Promise<() => void>;
  /** Runs a workflow through its own channel: its value, or null when it failed (the notice says why). */
  runWorkflow<C extends WorkflowChannel>(channel: C, request: RequestOf<C>): Promise<WorkflowValue<C> | null>;
}

export interface SettingsSlice {
  settings: Settings | null;
  saving: boolean;
  updateSettings(patch: Partial<Omit<Settings, 'recentProjects'>>): Promise<boolean>;
  /** Opens the log file with the system's viewer (desktop); elsewhere says where it is. */
  openLogFile(): Promise<void>;
  /** Where the CLI is found now (null until asked). */
  cliLocation: CliLocation | null;
  locateCli(): Promise<void>;
  /** Where each API key comes from (null until asked), and setting or clearing a stored one (desktop). */
  keys: KeysView | null;
  loadKeys(): Promise<void>;
  setKey(provider: KeyedProvider, key: string): Promise<boolean>;
  clearKey(provider: KeyedProvider): Promise<void>;
  /** Each provider's facts as its own folder in main declares them (null until asked). */
  providers: ProviderFacts[] | null;
  loadProviders(): Promise<void>;
  /** The models the provider lists; a failure is the app's notice and an empty list (free text still works). */
  listModels(provider: ProviderName, baseUrl?: string): Promise<string[]>;
  /** One tiny structured call to the engine: its result, or its typed error for the panel to show. */
  testEngine(request: RequestOf<'engines:test'>): Promise<EngineTestOutcome>;
}

export type EngineTestOutcome = { ok: true; result: EngineTestResult } | { ok: false; error: UiError };

export interface ProjectSlice {
  project: ProjectInfo | null;
  opening: boolean;
  openProject(path: string): Promise<boolean>;
  pickProjectFolder(): Promise<void>;
  forgetRecent(path: string): Promise<void>;
  /** The opened project's context (`.puffin/project.json`); null until loaded. */
  projectSettings: ProjectSettings | null;
  loadProjectSettings(): Promise<void>;
  /** Saves; false when it failed (the notice says why). */
  saveProjectSettings(patch: Partial<ProjectSettings>): Promise<boolean>;
  /** A draft from the project's README, CLAUDE.md, AGENTS.md and package.json; null when it failed. */
  importProjectContext(): Promise<ProjectContextDraft | null>;
}

export interface ActivitySlice {
  lines: LogLine[];
  levelFilter: Record<LogLevel, boolean>;
  textFilter: string;
  appendLine(line: LogLine): void;
  setLevelVisible(level: LogLevel, visible: boolean): void;
  setTextFilter(text: string): void;
}

/** What a generation was started with, kept so Retry can run it again. */
export type RunRequest =
  | { kind: 'derive'; prompt: string; deriveStories: boolean; model?: string }
  | { kind: 'modify'; parentId: string; feedback: string; stories: ReviewDraft[]; model?: string }
  | {
      kind: 'regenerate';
      parentId: string;
      /** 0-based position of the story rewritten; the others come back as sent. */
      index: number;
      stories: ReviewDraft[];
      feedback?: string;
      model?: string;
    };

export interface RunningGeneration {
  id: string;
  request: RunRequest;
  /** Date.now() when it started, for the elapsed-time clock. */
  startedAt: number;
  progress: GenerationProgress | null;
  cancelling: boolean;
  /** Started before a reload: found running in History, and ended by its record's update. */
  adopted?: boolean;
}

export type Decision = 'pending' | 'accepted' | 'rejected';

export interface ReviewItem {
  /** Stable React key for the round. */
  key: string;
  draft: StoryDraft;
  /** accepted = locked: sent to modify rounds with locked: true, read-only here. */
  decision: Decision;
}

export interface ReviewRound {
  generationId: string;
  /** The review whose revisions this round is part of (null: a generation from before reviews kept them). */
  reviewId: string | null;
  round: number;
  items: ReviewItem[];
  /** What changed against the drafts sent to this round; null for the first round. */
  diff: StoryChange[] | null;
  /** The round ended early (cancelled): only the stories complete at that point are here. */
  partial: boolean;
}

export interface PromptForm {
  text: string;
  deriveStories: boolean;
  /** '' = the default model from Settings. */
  model: string;
}

export interface GenerationSlice {
  running: RunningGeneration | null;
  /** The last generation that ended (its markdown answer, status, meta). */
  result: Generation | null;
  genError: UiError | null;
  lastRequest: RunRequest | null;
  /** The Prompt panel's form, kept here so it survives switching panels. */
  promptForm: PromptForm;
  setPromptForm(patch: Partial<PromptForm>): void;
  startGeneration(req: { prompt: string; deriveStories: boolean; model?: string }): Promise<void>;
  requestChanges(feedback: string): Promise<boolean>;
  /** Rewrites story `index` of the round alone (optional feedback); the others stay as they are. */
  regenerateStory(index: number, feedback: string): Promise<boolean>;
  retryGeneration(): Promise<void>;
  cancelGeneration(): Promise<void>;
  receiveProgress(progress: GenerationProgress): void;
  clearGenError(): void;
  /** After History loaded: a Prompt panel run still running in main (e.g. across a reload) shows as running. */
  adoptRunning(): void;
  /** A history record changed: ends an adopted run when its record does. */
  generationChanged(gen: Generation): void;
}

export interface ReviewSlice {
  review: ReviewRound | null;
  accepting: boolean;
  editDraft(key: string, patch: Partial<StoryDraft>): void;
  addCriterion(key: string): void;
  removeCriterion(key: string, index: number): void;
  moveCriterion(key: string, index: number, delta: -1 | 1): void;
  decide(key: string, decision: Decision): void;
  addAcceptedToBacklog(): Promise<boolean>;
  dismissReview(): void;
  /** Opens a finished generation's stories into review (from History), on the Prompt page. */
  openInReview(generationId: string): void;
}

export interface StoryRevisionsSlice {
  /** Every revision of the review under way (null: none loaded). */
  storyRevisions: StoryRevisions | null;
  loadStoryRevisions(reviewId: string): Promise<void>;
  /** A copy of an older revision becomes the current one and opens as the next round. */
  restoreStoryRevision(revision: number): Promise<boolean>;
}

export interface BacklogSlice {
  /** The stories the status filter and the search keep, as loaded so far (oldest first). */
  stories: Story[];
  /** Stories the filters keep, and in the backlog, as the last page answered. */
  storiesMatching: number;
  storiesTotal: number;
  storiesLoaded: boolean;
  statusFilter: Record<StoryStatus, boolean>;
  search: string;
  selected: ReadonlySet<string>;
  /** The row a shift-click range starts from. */
  anchorId: string | null;
  /** The records of the last delete, for Undo. */
  undo: Story[] | null;
  loadStories(): Promise<void>;
  setStatusVisible(status: StoryStatus, visible: boolean): void;
  setSearch(search: string): void;
  /** Toggles one row; with `range`, selects from the anchor to it within `orderedIds` (the visible rows). */
  toggleSelected(id: string, range: boolean, orderedIds: readonly string[]): void;
  setSelection(ids: readonly string[]): void;
  updateStory(id: string, patch: Partial<StoryDraft> & { status?: StoryStatus }): Promise<boolean>;
  setStoriesStatus(ids: readonly string[], status: StoryStatus): Promise<void>;
  /** A stories:changed event: the touched stories replaced, added or removed by id. */
  applyStoriesChange(change: StoriesChange): void;
  deleteStories(ids: readonly string[]): Promise<void>;
  undoDelete(): Promise<void>;
  dismissUndo(): void;
}

export interface RawOutput {
  generationId: string;
  title: string;
  lines: string[] | null;
  error: string | null;
}

export interface HistorySlice {
  generations: Generation[];
  historyLoaded: boolean;
  raw: RawOutput | null;
  loadHistory(): Promise<void>;
  upsertGeneration(generation: Generation): void;
  /** Loads the raw CLI lines of a generation and opens them in the Activity panel. */
  showRawLines(id: string): Promise<void>;
  closeRawLines(): void;
}

export interface JourneySlice {
  /**
   * Follows the stories journey's events, reloads stories, history and the open review when a project opens, and
   * saves the open review as it changes.
   */
  connectJourney(): () => void;
  /** Resolves when the open review is restored (after a project opened) and every change so far is saved. */
  reviewSettled(): Promise<void>;
}

export type AppState = AppSlice &
  BoardSlice &
  TeamSlice &
  TrackerSlice &
  ImplementSlice &
  ReverseSlice &
  SettingsSlice &
  ProjectSlice &
  ActivitySlice &
  GenerationSlice &
  ReviewSlice &
  StoryRevisionsSlice &
  LiveSlice &
  BacklogSlice &
  HistorySlice &
  JourneySlice &
  AssertionsSlice &
  SprintSlice;

/** A slice creator that also receives the client, so slices never reach for a global. */
export type Slice<T> = (client: Client) => StateCreator<AppState, [], [], T>;
