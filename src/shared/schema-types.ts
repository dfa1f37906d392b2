/**
 * GENERATED FILE - do not edit by hand.
 * Source: src/main/schemas/*.schema.json; generator: scripts/gen-schema-types.mjs (`npm run gen:types`).
 * A test fails when this file is stale.
 */

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
   * @maxItems 30
   */
  acceptanceCriteria: string[];
}

export interface TitleOutput {
  /**
   * A concise title of 2 to 5 words, at most 50 characters, single spaces, no quotes.
   */
  title: string;
}

/** Output type of each schema file, keyed by its name without `.schema.json`. */
export interface SchemaOutputs {
  ambiguities: AmbiguitiesOutput;
  assertions: AssertionsOutput;
  'plan-refinement': PlanRefinementOutput;
  plan: Plan;
  ris: RisOutput;
  'sprint-assertions': SprintAssertionsOutput;
  stories: StoriesOutput;
  title: TitleOutput;
}
