/**
 * Assertions: deterministic checks over a project's files that prove a story was implemented.
 * Shapes follow the original Puffin's CRE / sprint assertions: `{id, criterion?, type, target, message, assertion}`
 * with UPPERCASE types and a type-specific `assertion` object (snake_case keys where the original had them).
 */
import type { AssertionResult, RunSummary } from './schema-types';

export const ASSERTION_TYPES = [
  'FILE_EXISTS',
  'FILE_CONTAINS',
  'FUNCTION_SIGNATURE',
  'EXPORT_EXISTS',
  'IMPORT_EXISTS',
  'PATTERN_MATCH',
  'CLASS_STRUCTURE',
  'JSON_PROPERTY',
  'IPC_HANDLER_REGISTERED',
  'CSS_SELECTOR_EXISTS',
] as const;

export type AssertionType = (typeof ASSERTION_TYPES)[number];

/** `{type}` of FILE_EXISTS: what kind of entry must exist (default: either). */
export interface FileExistsSpec {
  type?: 'file' | 'directory';
}

/** FILE_CONTAINS: `content` is a literal string or a regex source. */
export interface FileContainsSpec {
  /** Default 'literal'. */
  match?: 'literal' | 'regex';
  content: string;
  /** Default 'contains'. */
  operator?: 'contains' | 'not_contains';
  /** Regex flags, a subset of "imsu"; only with match 'regex'. */
  flags?: string;
}

/** FUNCTION_SIGNATURE: a function declaration, a method, or a const bound to an arrow/function expression. */
export interface FunctionSignatureSpec {
  /** `name`, or `ClassName.method` to require a method of that class. */
  function_name: string;
  /** Parameter names in order; when given, the list must match exactly. */
  parameters?: string[];
  async?: boolean;
  exported?: boolean;
}

export type ExportKind =
  'function' | 'class' | 'const' | 'let' | 'var' | 'type' | 'interface' | 'enum' | 'default';

/** One required export. `name: 'default'` means the default export; `type: 'default'` means `name` is exported as default. */
export interface ExportSpecEntry {
  name: string;
  type?: ExportKind;
}

export interface ExportExistsSpec {
  exports: ExportSpecEntry[];
}

/** IMPORT_EXISTS: an import of `module` (ES import, `import x = require`, `require()` or dynamic `import()`). */
export interface ImportExistsSpec {
  module: string;
  /** Imported names that must be bound: a named import, 'default', or '*' for a namespace import. */
  imports?: string[];
}

/** PATTERN_MATCH: a regex over the text of the target file(s). */
export interface PatternMatchSpec {
  pattern: string;
  /** Default 'present'. */
  operator?: 'present' | 'absent';
  flags?: string;
}

export interface ClassStructureSpec {
  class_name: string;
  methods?: string[];
  properties?: string[];
  /** Name of the base class as written (`Base`, or `ns.Base`). */
  extends?: string;
  implements?: string[];
}

/** JSON_PROPERTY: `path` is dotted with array indexes, e.g. `scripts.test`, `contributors[0].name`, `a["dot.key"]`. */
export interface JsonPropertySpec {
  path: string;
  /** When present, the value at `path` must deep-equal it; otherwise the path must exist. */
  expected?: unknown;
}

export type IpcMethod = 'handle' | 'handleOnce' | 'on' | 'once';

/** IPC_HANDLER_REGISTERED: channels registered on `ipcMain` in the target file(s). */
export interface IpcHandlerSpec {
  handlers: string[];
  /** Restrict to these registration methods (default: any of handle, handleOnce, on, once). */
  methods?: IpcMethod[];
}

/** CSS_SELECTOR_EXISTS: a selector (or a comma list, each of which must exist), compared after normalisation. */
export interface CssSelectorSpec {
  selector: string;
}

export interface AssertionSpecs {
  FILE_EXISTS: FileExistsSpec;
  FILE_CONTAINS: FileContainsSpec;
  FUNCTION_SIGNATURE: FunctionSignatureSpec;
  EXPORT_EXISTS: ExportExistsSpec;
  IMPORT_EXISTS: ImportExistsSpec;
  PATTERN_MATCH: PatternMatchSpec;
  CLASS_STRUCTURE: ClassStructureSpec;
  JSON_PROPERTY: JsonPropertySpec;
  IPC_HANDLER_REGISTERED: IpcHandlerSpec;
  CSS_SELECTOR_EXISTS: CssSelectorSpec;
}

/** A reference to an acceptance criterion: its text, "AC<n>" / "#<n>" (1-based), or a 0-based index. */
export type CriterionRef = string | number;

export interface AssertionOf<T extends AssertionType> {
  id: string;
  type: T;
  /** Path relative to the project root; may be a glob (`src/**\/*.ts`) for every type but JSON_PROPERTY. */
  target: string;
  message: string;
  criterion?: CriterionRef;
  assertion: AssertionSpecs[T];
}

export type Assertion = { [T in AssertionType]: AssertionOf<T> }[AssertionType];

/** Assertions stored for one story in `<project>/.puffin/assertions/<storyId>.json`. */
export interface StoryAssertions {
  storyId: string;
  assertions: Assertion[];
}

export const ASSERTION_STATUSES = ['pass', 'fail', 'error'] as const;
export type AssertionStatus = (typeof ASSERTION_STATUSES)[number];

/**
 * A run's results and the append-only run history of a story (`assertions/results/<storyId>.json` in the store),
 * typed from their record schema (src/main/schemas/records/assertion-history.schema.ts).
 */
export type {
  AssertionHistory,
  AssertionResult,
  AssertionRun,
  RunSummary,
  SourceLocation,
} from './schema-types';

export interface FirstPass {
  at: string;
  commit: string | null;
}

/** An assertion evaluated before implementation: one that already passes cannot tell done from not done. */
export interface DiscriminationCheck {
  assertionId: string;
  status: AssertionStatus;
  reason: string;
  notDiscriminating: boolean;
}

export interface CriterionCoverage {
  index: number;
  text: string;
  assertionIds: string[];
}

export interface CoverageReport {
  criteria: CriterionCoverage[];
  /** Indexes of criteria that no assertion covers. */
  uncovered: number[];
  /** Assertions whose `criterion` is missing or names no criterion of the story. */
  unlinked: string[];
}

export function summarize(results: readonly AssertionResult[]): RunSummary {
  const summary: RunSummary = { total: results.length, passed: 0, failed: 0, errors: 0 };
  for (const r of results) {
    if (r.status === 'pass') summary.passed++;
    else if (r.status === 'fail') summary.failed++;
    else summary.errors++;
  }
  return summary;
}

/** The original evaluator upper-cased types and aliased FUNCTION_EXISTS; accept the same spellings. */
export function normalizeAssertionType(type: string): AssertionType | null {
  const upper = type.trim().toUpperCase();
  if (upper === 'FUNCTION_EXISTS') return 'FUNCTION_SIGNATURE';
  return (ASSERTION_TYPES as readonly string[]).includes(upper) ? (upper as AssertionType) : null;
}

/** What the assertions panel shows for one story: its assertions, the latest results, first passes, coverage. */
export interface StoryAssertionsView {
  storyId: string;
  /** From the backlog, when the story is there. */
  storyTitle: string | null;
  assertions: Assertion[];
  /** Latest result per assertion id (from the stored history). */
  latest: Record<string, AssertionResult>;
  firstPassed: Record<string, FirstPass>;
  lastRun: { startedAt: string; commit: string | null; summary: RunSummary } | null;
  /** null when the story's acceptance criteria are unknown. */
  coverage: CoverageReport | null;
  /** Set when the stored file could not be read: the problem, shown instead of the assertions. */
  problem: string | null;
}
