/**
 * Every error code Puffin can report, from the engine to the screen, in one list. `ErrorCode` is derived from it,
 * so a misspelt code does not compile anywhere (PromptError, ServiceError, the IPC error, the CLI's error object),
 * and the renderer's help is a `Record<ErrorCode, …>`, so a code without help text does not compile either.
 *
 * To add a code: one line in its family below, plus its help entry in src/renderer/src/lib/errorHelpText.ts (or
 * errorHelpTools.ts for the tool families); the compiler points at the one missing.
 */
import type { FileIssue, GraphIssue } from './plans';

export const ERROR_CODES = {
  /** sendPrompt: the engine (the Claude Code CLI or an API provider) and what it answered (PromptError, src/main/llm/errors.ts). */
  prompt: [
    'cli_not_found',
    'cli_not_executable',
    'not_logged_in',
    'rate_limited',
    'overloaded',
    'api_error',
    'max_turns',
    'max_budget',
    'structured_output_retries_exhausted',
    'no_structured_output',
    'schema_dropped',
    'validation_failed',
    'invalid_schema',
    'timeout',
    'cancelled',
    'crashed',
    'no_result',
    'execution_error',
    /** The CLI printed a line too long or impossible to parse as stream JSON. */
    'garbage_output',
    /** The CLI call does not fit the command line of cmd.exe (Windows, when the CLI is started through a launcher). */
    'command_too_long',
    /** The answer was cut off at the token limit (never used shortened); also the legacy extractors' cut-off JSON. */
    'truncated',
    /** The provider named is not in this build. */
    'provider_unavailable',
    /** An API provider needs a key and none is set (ANTHROPIC_API_KEY, OPENAI_API_KEY, GEMINI_API_KEY). */
    'no_api_key',
    /** An API provider refused the key (HTTP 401/403). */
    'auth_failed',
    /** An API provider was asked without a model and has no default one. */
    'no_model',
    /** The model refused to answer (Anthropic stop_reason refusal, OpenAI message.refusal). */
    'refused',
    /** The model supports neither native structured output nor a forced tool (or not the mode asked for). */
    'structured_output_unsupported',
    /** Nothing answers at the provider's address (connection refused, unknown host). */
    'server_unavailable',
  ],
  /** The contract and its transports: the dispatcher, the Electron IPC guard, the browser host. */
  contract: [
    'unknown_channel',
    'invalid_payload',
    'not_found',
    'not_supported',
    'internal_error',
    'forbidden_sender',
    'unauthorized',
    'forbidden_host',
    'forbidden_origin',
    'method_not_allowed',
    'bad_request',
    /** An API request carried the host's token in its address (it belongs in a header or the cookie). */
    'token_in_url',
    /** The renderer could not reach the browser host at all. */
    'host_unreachable',
    /** No OS keychain here (browser host, headless): an API key can only come from its environment variable. */
    'keychain_unavailable',
  ],
  /** Opening a project and its `.puffin/` store. */
  project: [
    'no_project',
    'not_a_directory',
    'not_writable',
    'store_too_new',
    'store_error',
    /** A store (or settings) write failed for permissions or a read-only file system (src/main/base/writeErrors.ts). */
    'store_not_writable',
    /** A store (or settings) write failed because the disk or quota is full. */
    'disk_full',
    /** The folder given as a project is the file system root or the home folder. */
    'not_a_project_folder',
    /** A path to write or open leads outside the project, lexically or through a symbolic link. */
    'outside_project',
  ],
  /** The stories journey. */
  stories: [
    'duplicate_id',
    /** A story of the review has no title (checked in the renderer before sending). */
    'invalid_draft',
    /** Puffin stopped while a generation was running (set when the store is opened again). */
    'interrupted',
  ],
  /** The plans journey: sprints, questions, plan revisions, specs. */
  plans: [
    'busy',
    'sprint_closed',
    'no_questions',
    'no_plan',
    'not_approved',
    'no_plan_item',
    'no_item_for_story',
    'plan_graph_invalid',
    'plan_file_mismatch',
    /** Regenerating one item (PlanMergeError, src/main/plans/mergeItem.ts). */
    'item_missing',
    'item_ambiguous',
    'story_mismatch',
    'not_in_plan',
    /** The sprint's budget is spent: no new call is started (src/main/budget/sprintBudget.ts). */
    'budget_exceeded',
  ],
  /** Reading assertion sets (AssertionInputError, src/main/assertions/input.ts). */
  assertions: ['file_not_found', 'invalid_json', 'invalid_assertions', 'invalid_story_id'],
  /** Proof of done: git, the pre-push hook and the CI workflow Puffin writes into the repository. */
  verify: [
    'not_git_repo',
    'git_failed',
    'hook_exists',
    'workflow_exists',
    /** A story was set done while some of its assertions do not pass (agents: done means verified). */
    'not_verified',
    /** A story cannot be implemented on a branch of its own: the project is not a git repository or has no commit. */
    'not_a_git_repo',
    /** A story was set done without assertions to prove it. */
    'unspecified',
    'puffin_source_unknown',
  ],
  /**
   * GitHub (src/main/trackers/github): github_no_token before any request; its failed requests are the trackers'
   * codes (tracker_*), so the other github_* codes are no longer raised.
   */
  github: [
    'github_no_token',
    'github_unauthorized',
    'github_forbidden',
    'github_repo_not_found',
    'github_not_found',
    'github_validation',
    'github_rate_limited',
    'github_issues_disabled',
    'github_unreachable',
    'github_error',
    /** The file that links stories to their issues cannot be read: the export stops rather than duplicate issues. */
    'store_unreadable',
  ],
  /** Other tools' spec formats and plan files (src/main/formats). */
  formats: [
    /** A file of the format that cannot be read as one: the file and line are in the details. Nothing was written. */
    'spec_malformed',
    /** The path holds no files of the format (or does not exist). */
    'spec_not_found',
    /** More files or bytes than an import or export reads: a wrong folder was named. */
    'spec_too_large',
  ],
  /** Exporting to, importing from and syncing with GitHub, Jira and Linear (src/main/trackers). */
  trackers: [
    /** JIRA_EMAIL + JIRA_API_TOKEN or LINEAR_API_KEY is missing (environment or Settings). */
    'tracker_no_credentials',
    /** 401 or 403: the credentials are wrong or lack a permission; details.status says which. */
    'tracker_unauthorized',
    /** 404: no such site, project, team or issue; details.what names it. */
    'tracker_not_found',
    /** 400 or 422: the tracker refused a field of what Puffin sent; details.fields names them. */
    'tracker_refused',
    'tracker_rate_limited',
    'tracker_unreachable',
    'tracker_error',
  ],
  /** The headless command line only. */
  headless: [
    'invalid_arguments',
    'unknown_command',
    'project_not_found',
    /** A short id (`PUF-xxxx`) that fits several stories or sprints: the candidates are in the details. */
    'ambiguous_id',
    /** The MCP server was asked for a project outside every root its client gave. */
    'outside_roots',
  ],
  /** The deprecated legacy text extractors (`puffin extract --legacy`); their cut-off JSON is the prompt family's `truncated`. */
  legacy: ['no_json', 'clarification', 'invalid', 'ambiguous_repair'],
} as const;

export type ErrorFamily = keyof typeof ERROR_CODES;
export type ErrorCodeOf<F extends ErrorFamily> = (typeof ERROR_CODES)[F][number];
export type ErrorCode = ErrorCodeOf<ErrorFamily>;
export type FamilyOf<C extends ErrorCode> = {
  [F in ErrorFamily]: C extends ErrorCodeOf<F> ? F : never;
}[ErrorFamily];

export const ERROR_FAMILIES = Object.keys(ERROR_CODES) as ErrorFamily[];
export const ALL_ERROR_CODES: readonly ErrorCode[] = ERROR_FAMILIES.flatMap((f) => ERROR_CODES[f]);

const CODE_SET: ReadonlySet<string> = new Set(ALL_ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && CODE_SET.has(value);
}

export function familyOf(code: ErrorCode): ErrorFamily {
  return ERROR_FAMILIES.find((f) => (ERROR_CODES[f] as readonly string[]).includes(code))!;
}

/** Evidence kept with a prompt failure. Every field optional: each failure knows only part of it. */
export interface PromptErrorDiagnostics {
  workflow?: string;
  /** The engine asked (a ProviderName, src/shared/engines.ts) and the model, when known. */
  provider?: string;
  model?: string;
  cliVersion?: string;
  cliPath?: string;
  exitCode?: number | null;
  signal?: string | null;
  /** Last few KB of stderr. */
  stderrTail?: string;
  resultSubtype?: string;
  /** The result line's `errors[]`. */
  errors?: string[];
  /** Our ajv validation errors, one readable line each. */
  validationErrors?: string[];
  /** Last stdout lines (bounded in count and length). */
  rawLines?: string[];
  httpStatus?: number;
  /** When the API said how long to wait. */
  retryAfterMs?: number;
  /** Attempts made, when retries were involved. */
  attempts?: number;
  timeoutMs?: number;
  /** What the CLI's result line reported for the failed call: it was paid for, so it is recorded too. */
  costUsd?: number;
  turns?: number;
  durationMs?: number;
  sessionId?: string;
}

/** One reason a request was refused by the contract's schema (Ajv's error objects carry at least these). */
export interface PayloadIssue {
  /** JSON pointer of the failing value, '' for the request itself. */
  instancePath: string;
  message?: string;
}

/** What a refused call of a sprint over its budget says about the spend. */
export interface BudgetExceededDetails {
  sprintId: string;
  limitUsd: number;
  spentUsd: number;
}

/** Codes whose details have their own shape. */
interface CodeDetails {
  budget_exceeded: BudgetExceededDetails;
  invalid_payload: readonly PayloadIssue[];
  plan_graph_invalid: { graph: GraphIssue[] };
  plan_file_mismatch: { files: FileIssue[] };
}

/** Plain context about the failure (e.g. the path concerned); plain data, because it crosses IPC. */
export type ErrorContext = Readonly<Record<string, unknown>>;

interface FamilyDetails {
  prompt: PromptErrorDiagnostics;
  contract: ErrorContext;
  project: ErrorContext;
  stories: ErrorContext;
  plans: ErrorContext;
  assertions: ErrorContext;
  verify: ErrorContext;
  github: ErrorContext;
  formats: ErrorContext;
  trackers: ErrorContext;
  headless: ErrorContext;
  legacy: ErrorContext;
}

/** The `details` an error with code C carries: per code where it has its own shape, else per family. */
export type ErrorDetails<C extends ErrorCode> = C extends keyof CodeDetails
  ? CodeDetails[C]
  : FamilyDetails[FamilyOf<C>];
