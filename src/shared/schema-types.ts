/**
 * GENERATED FILE - do not edit by hand.
 * Source: src/main/schemas/*.schema.{json,ts} and records/*.schema.ts; generator: scripts/gen-schema-types.mjs (`npm run gen:types`).
 * A test fails when this file is stale.
 */
import type { ErrorCode } from './errors';
import type { IpcErrorData } from './ipc/errors';

export interface AmbiguitiesOutput {
  /**
   * Empty when the stories are clear.
   *
   * @maxItems 40
   */
  questions: AmbiguityQuestion[];
  /**
   * One-paragraph overview of what is unclear (or that nothing is).
   */
  summary: string;
}

export interface AmbiguityQuestion {
  storyId: string;
  question: string;
  /**
   * Why the answer changes the implementation.
   */
  reason: string;
  /**
   * Possible answers the user can pick.
   *
   * @maxItems 8
   */
  suggestions: string[];
  priority: 'high' | 'medium' | 'low';
}

/**
 * One checkable assertion; `type` selects the shape of `assertion`.
 */
export type AssertionDraft =
  | FileExistsAssertion
  | FileContainsAssertion
  | FunctionSignatureAssertion
  | ExportExistsAssertion
  | ImportExistsAssertion
  | PatternMatchAssertion
  | ClassStructureAssertion
  | JsonPropertyAssertion
  | IpcHandlerAssertion
  | CssSelectorAssertion;

export interface AssertionsOutput {
  /**
   * @minItems 1
   * @maxItems 30
   */
  assertions: AssertionDraft[];
}

export interface FileExistsAssertion {
  /**
   * Optional short id, e.g. "A1"; Puffin assigns its own.
   */
  id?: string;
  type: 'FILE_EXISTS';
  /**
   * Path relative to the project root (a glob is allowed except for JSON_PROPERTY).
   */
  target: string;
  /**
   * What this assertion verifies, for a human.
   */
  message: string;
  /**
   * The acceptance criterion it proves: its text or "AC<n>".
   */
  criterion?: string;
  assertion: FileExistsParams;
}

/**
 * What kind of entry must exist at target (omit for either).
 */
export interface FileExistsParams {
  type?: 'file' | 'directory';
}

export interface FileContainsAssertion {
  /**
   * Optional short id, e.g. "A1"; Puffin assigns its own.
   */
  id?: string;
  type: 'FILE_CONTAINS';
  /**
   * Path relative to the project root (a glob is allowed except for JSON_PROPERTY).
   */
  target: string;
  /**
   * What this assertion verifies, for a human.
   */
  message: string;
  /**
   * The acceptance criterion it proves: its text or "AC<n>".
   */
  criterion?: string;
  assertion: FileContainsParams;
}

/**
 * Text the target file must (or must not) contain.
 */
export interface FileContainsParams {
  /**
   * Whether content is a literal string or a regex source.
   */
  match: 'literal' | 'regex';
  /**
   * The literal text or regex source.
   */
  content: string;
  /**
   * Default 'contains'.
   */
  operator?: 'contains' | 'not_contains';
  /**
   * Regex flags, a subset of "imsu".
   */
  flags?: string;
}

export interface FunctionSignatureAssertion {
  /**
   * Optional short id, e.g. "A1"; Puffin assigns its own.
   */
  id?: string;
  type: 'FUNCTION_SIGNATURE';
  /**
   * Path relative to the project root (a glob is allowed except for JSON_PROPERTY).
   */
  target: string;
  /**
   * What this assertion verifies, for a human.
   */
  message: string;
  /**
   * The acceptance criterion it proves: its text or "AC<n>".
   */
  criterion?: string;
  assertion: FunctionSignatureParams;
}

/**
 * A function, method (ClassName.method) or const-bound function.
 */
export interface FunctionSignatureParams {
  /**
   * `name`, or `ClassName.method` for a method.
   */
  function_name: string;
  /**
   * Parameter names in order; when given the list must match exactly.
   *
   * @maxItems 20
   */
  parameters?: string[];
  async?: boolean;
  exported?: boolean;
}

export interface ExportExistsAssertion {
  /**
   * Optional short id, e.g. "A1"; Puffin assigns its own.
   */
  id?: string;
  type: 'EXPORT_EXISTS';
  /**
   * Path relative to the project root (a glob is allowed except for JSON_PROPERTY).
   */
  target: string;
  /**
   * What this assertion verifies, for a human.
   */
  message: string;
  /**
   * The acceptance criterion it proves: its text or "AC<n>".
   */
  criterion?: string;
  assertion: ExportExistsParams;
}

/**
 * Exports the target module must have.
 */
export interface ExportExistsParams {
  /**
   * @minItems 1
   * @maxItems 30
   */
  exports: ExportEntry[];
}

export interface ExportEntry {
  /**
   * Exported name; 'default' for the default export.
   */
  name: string;
  type?: 'function' | 'class' | 'const' | 'let' | 'var' | 'type' | 'interface' | 'enum' | 'default';
}

export interface ImportExistsAssertion {
  /**
   * Optional short id, e.g. "A1"; Puffin assigns its own.
   */
  id?: string;
  type: 'IMPORT_EXISTS';
  /**
   * Path relative to the project root (a glob is allowed except for JSON_PROPERTY).
   */
  target: string;
  /**
   * What this assertion verifies, for a human.
   */
  message: string;
  /**
   * The acceptance criterion it proves: its text or "AC<n>".
   */
  criterion?: string;
  assertion: ImportExistsParams;
}

/**
 * An import of `module` in the target file(s).
 */
export interface ImportExistsParams {
  /**
   * Module specifier as written in the import.
   */
  module: string;
  /**
   * Names that must be bound: a named import, 'default', or '*' for a namespace import.
   *
   * @maxItems 30
   */
  imports?: string[];
}

export interface PatternMatchAssertion {
  /**
   * Optional short id, e.g. "A1"; Puffin assigns its own.
   */
  id?: string;
  type: 'PATTERN_MATCH';
  /**
   * Path relative to the project root (a glob is allowed except for JSON_PROPERTY).
   */
  target: string;
  /**
   * What this assertion verifies, for a human.
   */
  message: string;
  /**
   * The acceptance criterion it proves: its text or "AC<n>".
   */
  criterion?: string;
  assertion: PatternMatchParams;
}

/**
 * A regex over the text of the target file(s).
 */
export interface PatternMatchParams {
  /**
   * Regex source.
   */
  pattern: string;
  /**
   * Default 'present'.
   */
  operator?: 'present' | 'absent';
  /**
   * Regex flags, a subset of "imsu".
   */
  flags?: string;
}

export interface ClassStructureAssertion {
  /**
   * Optional short id, e.g. "A1"; Puffin assigns its own.
   */
  id?: string;
  type: 'CLASS_STRUCTURE';
  /**
   * Path relative to the project root (a glob is allowed except for JSON_PROPERTY).
   */
  target: string;
  /**
   * What this assertion verifies, for a human.
   */
  message: string;
  /**
   * The acceptance criterion it proves: its text or "AC<n>".
   */
  criterion?: string;
  assertion: ClassStructureParams;
}

/**
 * Members a class must have.
 */
export interface ClassStructureParams {
  class_name: string;
  /**
   * @maxItems 50
   */
  methods?: string[];
  /**
   * @maxItems 50
   */
  properties?: string[];
  /**
   * Base class as written (`Base` or `ns.Base`).
   */
  extends?: string;
  /**
   * @maxItems 20
   */
  implements?: string[];
}

export interface JsonPropertyAssertion {
  /**
   * Optional short id, e.g. "A1"; Puffin assigns its own.
   */
  id?: string;
  type: 'JSON_PROPERTY';
  /**
   * Path relative to the project root (a glob is allowed except for JSON_PROPERTY).
   */
  target: string;
  /**
   * What this assertion verifies, for a human.
   */
  message: string;
  /**
   * The acceptance criterion it proves: its text or "AC<n>".
   */
  criterion?: string;
  assertion: JsonPropertyParams;
}

/**
 * A property of the target JSON file.
 */
export interface JsonPropertyParams {
  /**
   * Dotted path with array indexes, e.g. `scripts.test` or `contributors[0].name`.
   */
  path: string;
  /**
   * When present, the value at path must deep-equal it; otherwise the path must exist.
   */
  expected?: {
    [k: string]: unknown;
  };
}

export interface IpcHandlerAssertion {
  /**
   * Optional short id, e.g. "A1"; Puffin assigns its own.
   */
  id?: string;
  type: 'IPC_HANDLER_REGISTERED';
  /**
   * Path relative to the project root (a glob is allowed except for JSON_PROPERTY).
   */
  target: string;
  /**
   * What this assertion verifies, for a human.
   */
  message: string;
  /**
   * The acceptance criterion it proves: its text or "AC<n>".
   */
  criterion?: string;
  assertion: IpcHandlerParams;
}

/**
 * Channels registered on ipcMain in the target file(s).
 */
export interface IpcHandlerParams {
  /**
   * Channel names.
   *
   * @minItems 1
   * @maxItems 50
   */
  handlers: string[];
  /**
   * @maxItems 4
   */
  methods?: ('handle' | 'handleOnce' | 'on' | 'once')[];
}

export interface CssSelectorAssertion {
  /**
   * Optional short id, e.g. "A1"; Puffin assigns its own.
   */
  id?: string;
  type: 'CSS_SELECTOR_EXISTS';
  /**
   * Path relative to the project root (a glob is allowed except for JSON_PROPERTY).
   */
  target: string;
  /**
   * What this assertion verifies, for a human.
   */
  message: string;
  /**
   * The acceptance criterion it proves: its text or "AC<n>".
   */
  criterion?: string;
  assertion: CssSelectorParams;
}

/**
 * A selector (or comma list) the target stylesheet(s) must define.
 */
export interface CssSelectorParams {
  selector: string;
}

export interface PlanRefinementOutput {
  plan: Plan;
  /**
   * What changed in this revision, one entry per change.
   *
   * @minItems 1
   * @maxItems 50
   */
  changelog: string[];
  /**
   * @maxItems 20
   */
  followUpQuestions: FollowUpQuestion[];
}

export interface Plan {
  /**
   * @minItems 1
   * @maxItems 100
   */
  planItems: PlanItem[];
  /**
   * @maxItems 50
   */
  sharedComponents: SharedComponent[];
  /**
   * @maxItems 50
   */
  risks: PlanRisk[];
  /**
   * Story ids in recommended implementation order.
   *
   * @maxItems 100
   */
  implementationOrder: string[];
}

export interface PlanItem {
  order: number;
  storyId: string;
  title: string;
  /**
   * How the story will be implemented.
   */
  approach: string;
  /**
   * Paths relative to the project root.
   *
   * @maxItems 100
   */
  filesCreated: string[];
  /**
   * Paths relative to the project root.
   *
   * @maxItems 100
   */
  filesModified: string[];
  /**
   * Story ids that must be implemented first.
   *
   * @maxItems 100
   */
  dependencies: string[];
  complexity: 'low' | 'medium' | 'high';
  notes: string;
}

export interface SharedComponent {
  path: string;
  purpose: string;
  /**
   * Story ids.
   *
   * @maxItems 100
   */
  usedBy: string[];
}

export interface PlanRisk {
  description: string;
  impact: 'low' | 'medium' | 'high';
  mitigation: string;
}

export interface FollowUpQuestion {
  storyId: string;
  question: string;
  reason: string;
}

export interface ReverseOutput {
  /**
   * @minItems 1
   * @maxItems 30
   */
  stories: ExistingStory[];
}

export interface ExistingStory {
  /**
   * Brief descriptive title.
   */
  title: string;
  /**
   * User story: "As a <role>, I want <feature> so that <benefit>".
   */
  description: string;
  /**
   * What the code already does, one testable condition each.
   *
   * @minItems 1
   * @maxItems 100
   */
  acceptanceCriteria: string[];
  /**
   * Checks that pass on the code as it is now; each names its criterion as "AC<n>".
   *
   * @minItems 1
   * @maxItems 8
   */
  assertions: AssertionDraft[];
}

export interface RisOutput {
  /**
   * The full ready-to-implement spec in markdown.
   */
  markdown: string;
  sections: RisSections;
}

export interface RisSections {
  /**
   * Where the story sits in the codebase and plan.
   */
  context: string;
  /**
   * What done looks like.
   */
  objective: string;
  /**
   * Files and symbols to read or change.
   */
  navigation: string;
  /**
   * Step-by-step implementation instructions.
   */
  instructions: string;
  /**
   * Project conventions to follow.
   */
  conventions: string;
}

export interface SprintAssertionsOutput {
  /**
   * @minItems 1
   * @maxItems 30
   *
   * This interface was referenced by `SprintAssertionsOutput`'s JSON-Schema definition
   * via the `patternProperty` "^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$".
   */
  [k: string]: AssertionDraft[];
}

export interface StoriesOutput {
  /**
   * @minItems 1
   * @maxItems 50
   */
  stories: UserStoryDraft[];
}

export interface UserStoryDraft {
  /**
   * Brief descriptive title.
   */
  title: string;
  /**
   * User story: "As a <role>, I want <feature> so that <benefit>".
   */
  description: string;
  /**
   * Testable conditions for completion.
   *
   * @minItems 1
   * @maxItems 100
   */
  acceptanceCriteria: string[];
}

export interface TitleOutput {
  /**
   * A concise title of 2 to 5 words, at most 50 characters, single spaces, no quotes.
   */
  title: string;
}

export interface AssertionHistory {
  storyId: string;
  runs: AssertionRun[];
}

export interface AssertionRun {
  /**
   * ISO time the run started.
   */
  startedAt: string;
  durationMs: number;
  /**
   * HEAD commit of the project when it is a git repository, else null.
   */
  commit: string | null;
  results: AssertionResult[];
  summary: RunSummary;
}

export interface AssertionResult {
  assertionId: string;
  status: 'pass' | 'fail' | 'error';
  reason: string;
  location?: SourceLocation;
  durationMs: number;
  /**
   * A hash of the assertion as it was evaluated (runs verify records): tells an edited one.
   */
  fingerprint?: string;
}

export interface SourceLocation {
  /**
   * Relative to the project root, forward slashes.
   */
  file: string;
  /**
   * 1-based.
   */
  line: number;
  /**
   * 1-based.
   */
  column: number;
}

export interface RunSummary {
  total: number;
  passed: number;
  failed: number;
  errors: number;
}

export interface StoredAssertionSet {
  storyId: string;
  assertions: RawAssertion[];
}

export interface RawAssertion {
  id: string;
  type: string;
  target: string;
  message?: string;
  criterion?: string | number;
  assertion?: unknown;
}

export interface Generation {
  id: string;
  kind:
    | 'derive'
    | 'modify'
    | 'story-regen'
    | 'prompt'
    | 'plan-analyze'
    | 'plan-generate'
    | 'plan-refine'
    | 'plan-item'
    | 'spec-ris'
    | 'spec-assertions'
    | 'spec-sprint-assertions'
    | 'reverse'
    | 'implement';
  /**
   * Short generated title (or a local fallback when the CLI fails).
   */
  title: string;
  prompt: string;
  feedback?: string;
  /**
   * The previous round, for modify rounds.
   */
  parentId?: string;
  /**
   * Stories rounds: the review they belong to (its revisions are kept by it).
   */
  reviewId?: string;
  /**
   * Plans-journey calls: the sprint the call was for.
   */
  sprintId?: string;
  model?: string;
  status: 'running' | 'succeeded' | 'failed' | 'cancelled';
  createdAt: string;
  finishedAt?: string;
  source?: 'structured_output' | 'tool_use' | 'legacy_text';
  warnings: string[];
  meta: GenerationMeta;
  /**
   * derive/modify: the stories (on cancel: those complete when it stopped).
   */
  stories?: ReviewDraft[];
  /**
   * prompt: the answer as markdown; implement: the verdict on its branch.
   */
  markdown?: string;
  error?: IpcErrorData;
  grounding?: GroundingRecord;
  owner?: RunOwner;
}

export interface GenerationMeta {
  /**
   * The engine that answered (or was asked).
   */
  provider: 'claude-cli' | 'anthropic' | 'openai' | 'ollama' | 'gemini' | 'bedrock';
  cliVersion: string | null;
  engineVersion: string | null;
  costUsd: number | null;
  turns: number | null;
  durationMs: number | null;
  sessionId: string | null;
  model: string | null;
  mode?: ('native' | 'tool') | null;
  tokensIn?: number | null;
  tokensOut?: number | null;
}

/**
 * A draft under review: `locked` drafts were accepted and must come back unchanged from a modify round.
 */
export interface ReviewDraft {
  title: string;
  description: string;
  /**
   * @maxItems 100
   */
  acceptanceCriteria: string[];
  locked: boolean;
}

/**
 * Grounded calls: what the model read in the project (its files, searches and their cost in turns).
 */
export interface GroundingRecord {
  /**
   * Files read, in the order first read, each once.
   */
  filesRead: string[];
  searches: GroundingSearch[];
  refused: GroundingRefusal[];
  violations: GroundingViolation[];
  /**
   * Model turns that called a project tool (Read, Glob, Grep).
   */
  toolTurns: number;
  /**
   * Tool calls in those turns.
   */
  toolCalls: number;
}

export interface GroundingSearch {
  tool: 'Glob' | 'Grep';
  pattern: string;
  /**
   * The folder or file searched, relative to the project; absent for the root.
   */
  path?: string;
  /**
   * Grep's file filter (`glob`), when given.
   */
  glob?: string;
  /**
   * How many files the result named (0 for "No files found").
   */
  matches: number;
}

export interface GroundingRefusal {
  tool: string;
  /**
   * The path or command the model asked for, as it asked.
   */
  target: string;
  /**
   * The CLI's own message, shortened.
   */
  message: string;
}

export interface GroundingViolation {
  tool: string;
  target: string;
  reason: 'outside' | 'sensitive' | 'ignored' | 'tool_not_allowed';
}

export interface RunOwner {
  pid: number;
  host: string;
  /**
   * A reused pid has another start time.
   */
  startedAt: string;
}

export interface GithubLinks {
  key: string;
  version: 1;
  repo: string;
  apiUrl: string;
  milestones: {
    [k: string]: {
      number: number;
      title: string;
    };
  };
  issues: {
    [k: string]: {
      number: number;
      url: string;
      exportedAt: string;
    };
  };
}

export interface OpenReview {
  generationId: string;
  reviewId?: string;
  round: number;
  partial: boolean;
  /**
   * @maxItems 200
   */
  items: {
    draft: {
      title: string;
      description: string;
      /**
       * @maxItems 100
       */
      acceptanceCriteria: string[];
    };
    decision: 'pending' | 'accepted' | 'rejected';
  }[];
  savedAt: string;
}

export interface ProjectSettings {
  description: string;
  conventions: string;
  /**
   * Languages, frameworks and tools the project is built with.
   */
  stack?: string;
  /**
   * Paths (or gitignore-style patterns) no planned work may create, change or delete.
   */
  neverTouch?: string[];
  /**
   * Secrets-looking or git-ignored paths (gitignore-style, relative) a grounded call may read anyway; by default `.env*`, private keys and what git ignores are refused.
   */
  allowSensitive?: string[];
}

export interface SprintPlan {
  sprintId: string;
  /**
   * @minItems 1
   */
  revisions: PlanRevision[];
  current: number;
  approved?: PlanApproval;
}

export interface PlanRevision {
  /**
   * 1-based, in creation order; never reused.
   */
  number: number;
  kind: 'generated' | 'refined' | 'item_regenerated' | 'restored' | 'imported';
  createdAt: string;
  plan: Plan;
  changelog: string[];
  followUpQuestions: FollowUpQuestion[];
  feedback?: string;
  /**
   * For `restored`: the revision it copies.
   */
  restoredFrom?: number;
  /**
   * For `item_regenerated`: the story whose item was redone.
   */
  regeneratedStoryId?: string;
  meta?: GenerationMeta;
  grounding?: GroundingRecord;
}

export interface PlanApproval {
  revision: number;
  at: string;
  /**
   * The files the approved revision names (as written) that existed when it was approved: its file checks compare against these, not against the work done since.
   */
  existed?: string[];
}

export interface SprintQuestions {
  sprintId: string;
  generatedAt: string;
  summary: string;
  questions: SprintQuestion[];
  /**
   * questionId → answer (a picked suggestion or free text).
   */
  answers: {
    [k: string]: string;
  };
}

export interface SprintQuestion {
  storyId: string;
  question: string;
  /**
   * Why the answer changes the implementation.
   */
  reason: string;
  /**
   * Possible answers the user can pick.
   */
  suggestions: string[];
  priority: 'high' | 'medium' | 'low';
  id: string;
}

export interface SprintSpecs {
  sprintId: string;
  assertions: StorySpecAssertions[];
  /**
   * The sprint-wide map schema's result: storyId → assertions.
   */
  sprintAssertions: {
    [k: string]: RawAssertion[];
  } | null;
  specErrors: SpecError[];
  /**
   * What the last specs run noted without failing (absent in files written before warnings were kept).
   */
  specWarnings?: SpecWarning[];
}

export interface StorySpecAssertions {
  storyId: string;
  assertions: RawAssertion[];
  notDiscriminating: string[];
}

export interface SpecError {
  /**
   * Empty for the sprint-wide step.
   */
  storyId: string;
  step: 'ris' | 'assertions' | 'sprint_assertions';
  code: ErrorCode;
  message: string;
}

export interface SpecWarning {
  /**
   * Empty for the sprint-wide step.
   */
  storyId: string;
  step: 'ris' | 'assertions' | 'sprint_assertions';
  message: string;
}

export interface Sprint {
  id: string;
  title: string;
  storyIds: string[];
  status: 'open' | 'closed' | 'archived';
  createdAt: string;
  updatedAt: string;
  budgetUsd?: number | null;
  startCommit?: string | null;
}

export interface StoreMeta {
  version: number;
  createdAt: string;
}

export interface StoryImports {
  storyId: string;
  applied?: AppliedImport;
  revisions: StoryImport[];
}

export interface AppliedImport {
  updatedAt: string;
  format: 'openspec' | 'speckit' | 'kiro' | 'backlog-md' | 'claude-plan' | 'cursor-plan';
  file: string;
}

export interface StoryImport {
  /**
   * 1-based, in creation order; never reused.
   */
  number: number;
  kind: 'imported';
  createdAt: string;
  format: 'openspec' | 'speckit' | 'kiro' | 'backlog-md' | 'claude-plan' | 'cursor-plan';
  file: string;
  title: string;
  description: string;
  acceptanceCriteria: string[];
}

export interface StoryRevisions {
  reviewId: string;
  /**
   * @minItems 1
   */
  revisions: StoryRevision[];
  current: number;
}

export interface StoryRevision {
  /**
   * 1-based, in creation order; never reused.
   */
  number: number;
  kind: 'derived' | 'modified' | 'story_regenerated' | 'restored';
  createdAt: string;
  /**
   * The generation whose stories these are (for restored: the original).
   */
  generationId: string;
  stories: ReviewDraft[];
  feedback?: string;
  /**
   * For `story_regenerated`: the 0-based position of the story that was redone.
   */
  regeneratedIndex?: number;
  /**
   * For `restored`: the revision it copies.
   */
  restoredFrom?: number;
}

export interface StoryRis {
  sprintId: string;
  storyId: string;
  markdown: string;
  sections: RisSections;
  createdAt: string;
  meta?: GenerationMeta;
}

export interface StoryVersions {
  storyId: string;
  versions: StoryVersion[];
}

export interface StoryVersion {
  /**
   * 1-based, in creation order; never reused.
   */
  number: number;
  kind: 'synced' | 'imported' | 'restored';
  createdAt: string;
  by: string;
  title: string;
  description: string;
  acceptanceCriteria: string[];
}

export interface Story {
  id: string;
  title: string;
  description: string;
  /**
   * @maxItems 100
   */
  acceptanceCriteria: string[];
  status: 'pending' | 'in_progress' | 'done' | 'archived';
  createdAt: string;
  updatedAt: string;
  /**
   * The generation it was accepted from, when it came from one.
   */
  generationId?: string;
}

export interface TrackerLinks {
  key: string;
  version: 1;
  tracker: 'github' | 'jira' | 'linear';
  site: string;
  scope: string;
  containers: {
    [k: string]: {
      id: string;
      key: string;
      url: string;
      exportedAt: string;
      hash: string;
      storyHash?: string;
      remoteHash?: string;
      origin?: 'export' | 'import';
      remoteDone?: boolean;
    };
  };
  issues: {
    [k: string]: {
      id: string;
      key: string;
      url: string;
      exportedAt: string;
      hash: string;
      storyHash?: string;
      remoteHash?: string;
      origin?: 'export' | 'import';
      remoteDone?: boolean;
    };
  };
}

/** Output type of each workflow schema, keyed by its file name without `.schema.json`/`.schema.ts`. */
export interface SchemaOutputs {
  ambiguities: AmbiguitiesOutput;
  assertions: AssertionsOutput;
  'plan-refinement': PlanRefinementOutput;
  plan: Plan;
  reverse: ReverseOutput;
  ris: RisOutput;
  'sprint-assertions': SprintAssertionsOutput;
  stories: StoriesOutput;
  title: TitleOutput;
}

/** Type of each record of the project store, keyed by its schema's file name in src/main/schemas/records. */
export interface RecordTypes {
  'assertion-history': AssertionHistory;
  'assertion-set': StoredAssertionSet;
  generation: Generation;
  'github-links': GithubLinks;
  'open-review': OpenReview;
  'project-settings': ProjectSettings;
  'sprint-plan': SprintPlan;
  'sprint-questions': SprintQuestions;
  'sprint-specs': SprintSpecs;
  sprint: Sprint;
  'store-meta': StoreMeta;
  'story-imports': StoryImports;
  'story-revisions': StoryRevisions;
  'story-ris': StoryRis;
  'story-versions': StoryVersions;
  story: Story;
  'tracker-links': TrackerLinks;
}
