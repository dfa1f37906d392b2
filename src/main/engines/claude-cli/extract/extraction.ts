/** What extractStructured reports about one CLI run: the data and where it came from, or a typed failure. */

export type DataSource = 'structured_output' | 'tool_use';

export type FailureCode =
  | 'not_logged_in'
  | 'rate_limited'
  | 'overloaded'
  | 'api_error'
  | 'max_turns'
  | 'max_budget'
  | 'structured_output_retries_exhausted'
  | 'no_structured_output'
  | 'schema_dropped'
  | 'execution_error'
  | 'no_result';

export interface ExtractionMeta {
  cliVersion?: string;
  costUsd?: number;
  turns?: number;
  durationMs?: number;
  sessionId?: string;
  model?: string;
}

export interface ExtractionFailure {
  code: FailureCode;
  /** One sentence for logs and the activity view. */
  message: string;
  /** Worth retrying with backoff (rate limit, overload, 5xx). */
  retryable: boolean;
  resultSubtype?: string;
  resultIsError?: boolean;
  /** The result's `errors[]` (CLI 2.0.77+) verbatim. */
  errors: string[];
  /** The result text when the CLI marked it as an error ("Not logged in · Please run /login", "API Error: …"). */
  errorText?: string;
  apiErrorStatus?: number;
  /**
   * Input of a StructuredOutput call that never got a tool_result (the run stopped first).
   * The CLI never validated it, so it is not used as data; a caller may validate it itself.
   */
  unacknowledgedToolInput?: unknown;
}

/** Text for the deprecated extractors when the run produced no structured data. */
export interface TextFallback {
  text: string;
  /** Why there was no structured output, for the warning the caller logs. */
  reason: string;
}

export type Extraction =
  | {
      ok: true;
      data: unknown;
      source: DataSource;
      /** E.g. why the tool_use input was used instead of result.structured_output. */
      warnings: string[];
      resultSubtype?: string;
      meta: ExtractionMeta;
    }
  | {
      ok: false;
      failure: ExtractionFailure;
      /** Present when the run produced prose worth handing to the legacy extractors. */
      fallback?: TextFallback;
      meta: ExtractionMeta;
    };

export interface ExtractOptions {
  /**
   * Whether the run had `--json-schema`. When true (the default) and init lists no StructuredOutput tool,
   * the CLI dropped the schema, which is reported as `schema_dropped`.
   */
  schemaAttached?: boolean;
}
