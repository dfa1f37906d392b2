/**
 * Every way a sendPrompt call can fail, as one typed error. The code says what happened, the message says what the
 * user can do about it, `retryable` says whether trying again can help, and the diagnostics keep what the activity
 * view needs to show the evidence. Plain data via toJSON(), because it crosses IPC.
 */
import { ERROR_CODES, type ErrorCodeOf, type PromptErrorDiagnostics } from '../../shared/errors';

export type PromptErrorCode = ErrorCodeOf<'prompt'>;
export type { PromptErrorDiagnostics };

export const PROMPT_ERROR_CODES: readonly PromptErrorCode[] = ERROR_CODES.prompt;

export const RAW_LINES_LIMIT = 50;
export const RAW_LINE_LENGTH_LIMIT = 2000;
export const STDERR_TAIL_LIMIT = 8192;

/**
 * How an engine's failures name it. Each provider has its own (engines/<name>/): an OpenAI, Ollama or Gemini
 * failure never tells the user about Claude or Anthropic's status page.
 */
export interface ErrorWords {
  /** Who answers, as a sentence's subject: "Claude", "OpenAI", "Ollama", "Gemini". */
  who: string;
  /** The service, as a sentence's subject: "The Claude API", "The Ollama server". */
  service: string;
  /** Where to look when failures keep coming: "status.anthropic.com", "the Ollama server's log". */
  status: string;
}

/** The Claude Code CLI's (and the Anthropic API's) words: what a failure says when no engine re-worded it. */
export const CLAUDE_WORDS: ErrorWords = {
  who: 'Claude',
  service: 'The Claude API',
  status: 'status.anthropic.com',
};

const MESSAGES: Record<PromptErrorCode, (w: ErrorWords) => string> = {
  cli_not_found: () =>
    'Claude Code CLI not found. Install it with `npm install -g @anthropic-ai/claude-code`, or point Puffin at it.',
  cli_not_executable: () => 'The Claude Code CLI was found but cannot be run (permission denied).',
  not_logged_in: () =>
    'Claude Code is not logged in, or its API key was refused. Run `claude` in a terminal and use /login, or set a valid ANTHROPIC_API_KEY.',
  rate_limited: (w) => `${w.who} usage limit reached. Wait a few minutes and try again.`,
  overloaded: (w) => `${w.service} is overloaded right now. Try again in a minute.`,
  api_error: (w) => `${w.service} returned an error. Try again; if it keeps happening, check ${w.status}.`,
  max_turns: (w) =>
    `${w.who} ran out of turns before returning a result. Try again; a smaller, more focused request needs fewer turns.`,
  max_budget: (w) =>
    `The spending limit for this request (what is left of the sprint’s budget) was reached before ${w.who} finished.`,
  structured_output_retries_exhausted: (w) =>
    `${w.who} could not produce output matching the expected format after several tries. Try again, or simplify the request.`,
  no_structured_output: (w) =>
    `${w.who} answered without returning structured data. Try again; rephrasing the request can help.`,
  schema_dropped: () =>
    'This Claude Code CLI ignored the output schema (it may be too old). Update it with `npm install -g @anthropic-ai/claude-code`.',
  validation_failed: (w) => `${w.who}'s answer did not match the expected format.`,
  invalid_schema: () => 'The output schema is not a valid draft-07 JSON Schema with an object root.',
  timeout: (w) =>
    `${w.who} took too long and the request was stopped. Try again, or split the request into smaller ones.`,
  cancelled: () => 'The request was cancelled.',
  crashed: () => 'The Claude Code CLI stopped unexpectedly.',
  no_result: () => 'The Claude Code CLI ended without a result.',
  garbage_output: () =>
    'The Claude Code CLI printed output Puffin cannot read, so it was stopped. Try again; if it keeps happening, update the CLI with `npm install -g @anthropic-ai/claude-code`.',
  command_too_long: () =>
    "This request does not fit the command line of cmd.exe (8,191 characters), which starts the Claude Code CLI here because Puffin could not tell what its launcher runs. Point Puffin at the CLI itself (claude.exe, or @anthropic-ai/claude-code's cli.js).",
  execution_error: () => 'The Claude Code CLI reported an error while running the request.',
  truncated: () =>
    'The answer was cut off at the token limit, so it was not used. Try again with a smaller request, or a model with a larger output limit.',
  provider_unavailable: () =>
    'This provider is not available in this build of Puffin. Choose another provider.',
  no_api_key: () =>
    'No API key is set for this provider. Set ANTHROPIC_API_KEY, OPENAI_API_KEY or GEMINI_API_KEY for it.',
  auth_failed: () =>
    'The provider refused the API key (401/403). Check the key and that it may use this model.',
  no_model: () => 'No model was given for this provider, and it has no default one. Choose a model.',
  refused: () => 'The model declined to answer this request. Rephrase it, or choose another model.',
  structured_output_unsupported: () =>
    'This model cannot return structured data the way it was asked (neither native structured output nor a forced tool). Choose another model or mode.',
  server_unavailable: () =>
    'The provider cannot be reached at its address. Check that the server is running and the base URL is right.',
};

const RETRYABLE: ReadonlySet<PromptErrorCode> = new Set([
  'rate_limited',
  'overloaded',
  'no_structured_output',
]);

export interface PromptErrorOptions {
  /** Specific detail appended to the standard message (e.g. the API's own words). */
  detail?: string;
  /** Replaces the standard message entirely (kept as it is when the error is re-worded for an engine). */
  message?: string;
  /** The engine's words for the standard message (default: Claude's). */
  words?: ErrorWords;
  retryable?: boolean;
  diagnostics?: PromptErrorDiagnostics;
  cause?: unknown;
}

export interface PromptErrorJSON {
  name: 'PromptError';
  code: PromptErrorCode;
  message: string;
  retryable: boolean;
  diagnostics: PromptErrorDiagnostics;
}

export class PromptError extends Error {
  override readonly name = 'PromptError';
  readonly code: PromptErrorCode;
  readonly retryable: boolean;
  readonly diagnostics: PromptErrorDiagnostics;
  /** What the standard message was built from, so that inWordsOf can build it again in an engine's words. */
  private readonly wording: { detail?: string; words?: ErrorWords } | undefined;

  constructor(code: PromptErrorCode, options: PromptErrorOptions = {}) {
    const base = options.message ?? MESSAGES[code](options.words ?? CLAUDE_WORDS);
    super(
      options.detail ? `${base} (${options.detail})` : base,
      options.cause ? { cause: options.cause } : undefined,
    );
    this.code = code;
    // api_error is retryable only when it is a 5xx: callers decide with `retryable`.
    this.retryable = options.retryable ?? RETRYABLE.has(code);
    this.diagnostics = boundDiagnostics(options.diagnostics ?? {});
    this.wording =
      options.message === undefined
        ? {
            ...(options.detail ? { detail: options.detail } : {}),
            ...(options.words ? { words: options.words } : {}),
          }
        : undefined;
  }

  /** The same failure, its standard message in the words of the engine that failed (a custom message stays). */
  inWordsOf(words: ErrorWords): PromptError {
    if (!this.wording) return this;
    const copy = new PromptError(this.code, {
      ...this.wording,
      words,
      retryable: this.retryable,
      diagnostics: this.diagnostics,
      cause: this.cause,
    });
    copy.stack = this.stack;
    return copy;
  }

  /** The same failure, worth another attempt (a schema-invalid answer asked again with its errors). */
  asRetryable(): PromptError {
    const copy = new PromptError(this.code, {
      ...(this.wording ?? { message: this.message }),
      retryable: true,
      diagnostics: this.diagnostics,
      cause: this.cause,
    });
    copy.stack = this.stack;
    return copy;
  }

  /** The same failure with more evidence (e.g. workflow and attempts, added by outer layers). */
  withDiagnostics(extra: PromptErrorDiagnostics): PromptError {
    const copy = new PromptError(this.code, {
      ...(this.wording ?? { message: this.message }),
      retryable: this.retryable,
      diagnostics: { ...this.diagnostics, ...extra },
      cause: this.cause,
    });
    copy.stack = this.stack;
    return copy;
  }

  toJSON(): PromptErrorJSON {
    return {
      name: 'PromptError',
      code: this.code,
      message: this.message,
      retryable: this.retryable,
      diagnostics: this.diagnostics,
    };
  }

  static fromJSON(json: PromptErrorJSON): PromptError {
    return new PromptError(json.code, {
      message: json.message,
      retryable: json.retryable,
      diagnostics: json.diagnostics,
    });
  }

  static is(value: unknown): value is PromptError {
    return value instanceof PromptError;
  }
}

export function defaultMessage(code: PromptErrorCode, words: ErrorWords = CLAUDE_WORDS): string {
  return MESSAGES[code](words);
}

/** Keeps diagnostics small enough to log and send over IPC whatever the CLI printed. */
function boundDiagnostics(d: PromptErrorDiagnostics): PromptErrorDiagnostics {
  const out: PromptErrorDiagnostics = { ...d };
  if (out.rawLines) out.rawLines = boundLines(out.rawLines);
  if (out.stderrTail && out.stderrTail.length > STDERR_TAIL_LIMIT)
    out.stderrTail = out.stderrTail.slice(-STDERR_TAIL_LIMIT);
  if (out.errors) out.errors = out.errors.slice(0, 20).map((e) => truncate(e, RAW_LINE_LENGTH_LIMIT));
  if (out.validationErrors) out.validationErrors = out.validationErrors.slice(0, 60);
  return out;
}

export function boundLines(lines: readonly string[]): string[] {
  return lines.slice(-RAW_LINES_LIMIT).map((l) => truncate(l, RAW_LINE_LENGTH_LIMIT));
}

function truncate(s: string, limit: number): string {
  return s.length > limit ? `${s.slice(0, limit)}… [${s.length - limit} more characters]` : s;
}
