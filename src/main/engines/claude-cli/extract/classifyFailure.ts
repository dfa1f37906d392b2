import type { CliEvent, InitEvent, ResultEvent } from '../stream';
import type { ExtractionFailure, FailureCode } from './extraction';
import { SYNTHETIC_MODEL } from './fallbackText';
import { STRUCTURED_OUTPUT_TOOL } from './toolUseData';

interface ApiSignal {
  code: Extract<FailureCode, 'not_logged_in' | 'rate_limited' | 'overloaded' | 'api_error'>;
  retryable: boolean;
  status?: number;
}

const NOT_LOGGED_IN =
  /not logged in|please run \/login|invalid api key|authentication_(failed|error)|oauth token (has )?expired|api error:? \(?401\b/i;
const RATE_LIMITED = /rate[_ ]limit|usage limit|too many requests|api error:? \(?429\b/i;
const OVERLOADED = /overloaded|api error:? \(?529\b/i;
const API_ERROR = /api error|api_error|server_error|internal server error|credit balance/i;
const STATUS_IN_TEXT = /api error:? \(?(\d{3})\b/i;

/**
 * Text that only ever carries errors: the result text when is_error is true, `errors[]`, and assistant messages
 * the CLI synthesised or flagged with `error` (e.g. "authentication_failed"). Prose from a successful run is never
 * scanned, so a story that mentions "rate limit" cannot turn into a failure.
 */
function errorChannels(events: CliEvent[], result: ResultEvent | undefined): string[] {
  const texts: string[] = [];
  if (result?.isError && result.resultText) texts.push(result.resultText);
  if (result) texts.push(...result.errors);
  for (const e of events) {
    if (e.kind !== 'assistant' || (e.error === undefined && e.model !== SYNTHETIC_MODEL)) continue;
    if (e.error) texts.push(e.error);
    for (const b of e.blocks) if (b.type === 'text') texts.push(b.text);
  }
  return texts;
}

function apiSignal(events: CliEvent[], result: ResultEvent | undefined): ApiSignal | undefined {
  const text = errorChannels(events, result).join('\n');
  const statusText = STATUS_IN_TEXT.exec(text)?.[1];
  const status = result?.apiErrorStatus ?? (statusText ? Number(statusText) : undefined);
  if (NOT_LOGGED_IN.test(text) || status === 401) return { code: 'not_logged_in', retryable: false, status };
  if (status === 429 || RATE_LIMITED.test(text)) return { code: 'rate_limited', retryable: true, status };
  if (status === 529 || OVERLOADED.test(text)) return { code: 'overloaded', retryable: true, status };
  const fiveHundred = status !== undefined && status >= 500;
  if (fiveHundred || (status !== undefined && status >= 400) || API_ERROR.test(text)) {
    return { code: 'api_error', retryable: fiveHundred || /server_error/.test(text), status };
  }
  if (result?.terminalReason === 'api_error') return { code: 'api_error', retryable: false, status };
  return undefined;
}

const MESSAGES: Record<FailureCode, string> = {
  not_logged_in: 'The Claude Code CLI is not logged in (run `claude /login` or set ANTHROPIC_API_KEY).',
  rate_limited: 'The Anthropic API rate-limited the request.',
  overloaded: 'The Anthropic API is overloaded.',
  api_error: 'The Anthropic API returned an error.',
  max_turns: 'The CLI reached --max-turns before the model produced structured output.',
  max_budget: 'The CLI stopped at its --max-budget-usd limit.',
  structured_output_retries_exhausted: 'The model kept producing output that does not match the schema.',
  no_structured_output: 'The model answered without calling the StructuredOutput tool.',
  schema_dropped: 'The CLI did not register the StructuredOutput tool, so it ignored --json-schema.',
  execution_error: 'The CLI failed during execution.',
  no_result: 'The CLI printed no result line.',
};

/** Whether the model's last top-level StructuredOutput call was answered with an error (its input off the schema). */
function lastStructuredCallRejected(events: CliEvent[]): boolean {
  let lastCall: string | undefined;
  for (const e of events) {
    if (e.kind !== 'assistant' || e.parentToolUseId) continue;
    for (const b of e.blocks) if (b.type === 'tool_use' && b.name === STRUCTURED_OUTPUT_TOOL) lastCall = b.id;
  }
  if (lastCall === undefined) return false;
  return events.some((e) => e.kind === 'tool_result' && e.toolUseId === lastCall && e.isError);
}

function subtypeCode(subtype: string | undefined): FailureCode | undefined {
  switch (subtype) {
    case 'error_max_turns':
      return 'max_turns';
    case 'error_max_budget_usd':
      return 'max_budget';
    case 'error_max_structured_output_retries':
      return 'structured_output_retries_exhausted';
    default:
      return undefined;
  }
}

/**
 * Why a run produced no structured data. Order matters: auth/API errors are named first (they explain
 * everything after them), then a dropped schema, then the CLI's own terminal subtype.
 */
export function classifyFailure(
  events: CliEvent[],
  result: ResultEvent | undefined,
  init: InitEvent | undefined,
  schemaAttached: boolean,
): ExtractionFailure {
  const base = {
    resultSubtype: result?.subtype,
    resultIsError: result?.isError,
    errors: result?.errors ?? [],
    errorText: result?.isError ? result.resultText : undefined,
    apiErrorStatus: result?.apiErrorStatus,
  };
  const make = (code: FailureCode, retryable = false, extra = ''): ExtractionFailure => ({
    code,
    message: extra ? `${MESSAGES[code]} ${extra}` : MESSAGES[code],
    retryable,
    ...base,
  });

  const api = apiSignal(events, result);
  if (api) {
    const detail = base.errorText ?? base.errors[0];
    return { ...make(api.code, api.retryable, detail ? `(${detail})` : ''), apiErrorStatus: api.status };
  }
  if (schemaAttached && init && !init.tools.includes(STRUCTURED_OUTPUT_TOOL)) return make('schema_dropped');
  if (!result) return make('no_result');
  const bySubtype = subtypeCode(result.subtype);
  // Turns spent on StructuredOutput calls the CLI refused are invalid output, not a turn limit the user can raise.
  if (bySubtype === 'max_turns' && lastStructuredCallRejected(events)) {
    return make('structured_output_retries_exhausted', false, base.errors[0] ?? '');
  }
  if (bySubtype) return make(bySubtype, false, base.errors[0] ?? '');
  if (result.subtype === 'success') {
    return result.isError ? make('api_error', false, result.resultText ?? '') : make('no_structured_output');
  }
  return make('execution_error', false, base.errors[0] ?? result.subtype ?? '');
}
