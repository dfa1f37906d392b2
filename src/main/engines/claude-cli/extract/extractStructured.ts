import type { CliEvent, InitEvent, ResultEvent } from '../stream';
import { classifyFailure } from './classifyFailure';
import type { ExtractOptions, Extraction, ExtractionMeta, FailureCode } from './extraction';
import { finalAssistantText } from './fallbackText';
import { scanStructuredOutputCalls } from './toolUseData';

/** Failures whose text is an error message, not model prose: never hand it to the legacy extractors. */
const NO_TEXT_FALLBACK: ReadonlySet<FailureCode> = new Set([
  'not_logged_in',
  'rate_limited',
  'overloaded',
  'api_error',
]);

function lastOfKind<K extends CliEvent['kind']>(
  events: CliEvent[],
  kind: K,
): Extract<CliEvent, { kind: K }> | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.kind === kind) return e as Extract<CliEvent, { kind: K }>;
  }
  return undefined;
}

function firstInit(events: CliEvent[]): InitEvent | undefined {
  return events.find((e): e is InitEvent => e.kind === 'init');
}

function metaOf(init: InitEvent | undefined, result: ResultEvent | undefined): ExtractionMeta {
  return {
    cliVersion: init?.cliVersion,
    costUsd: result?.costUsd,
    turns: result?.turns,
    durationMs: result?.durationMs,
    sessionId: result?.sessionId ?? init?.sessionId,
    model: init?.model,
  };
}

/**
 * Finds the structured data of one CLI run, in order:
 * 1. the last result's `structured_output`, when subtype is success and is_error is not true;
 * 2. else the input of the last StructuredOutput call the CLI acknowledged as valid (older CLIs put nothing on
 *    the result; error_max_turns can follow a valid call, as in fixtures m13 and m16);
 * 3. else a typed failure, plus the final prose for the deprecated extractors when there is some.
 */
export function extractStructured(events: CliEvent[], options: ExtractOptions = {}): Extraction {
  const init = firstInit(events);
  const result = lastOfKind(events, 'result');
  const meta = metaOf(init, result);

  if (result && result.subtype === 'success' && !result.isError && result.hasStructuredOutput) {
    return {
      ok: true,
      data: result.structuredOutput,
      source: 'structured_output',
      warnings: [],
      resultSubtype: 'success',
      meta,
    };
  }

  const calls = scanStructuredOutputCalls(events);
  if (calls.acknowledged) {
    const why = result
      ? `result subtype ${result.subtype ?? 'unknown'}${result.isError ? ' (is_error)' : ''} carried no structured_output`
      : 'the run printed no result line';
    return {
      ok: true,
      data: calls.acknowledged.input,
      source: 'tool_use',
      warnings: [
        `${why}; used the last StructuredOutput call the CLI acknowledged (${calls.acknowledged.toolUseId}).`,
      ],
      resultSubtype: result?.subtype,
      meta,
    };
  }

  const failure = classifyFailure(events, result, init, options.schemaAttached ?? true);
  if (calls.unacknowledged) failure.unacknowledgedToolInput = calls.unacknowledged.input;
  const text = NO_TEXT_FALLBACK.has(failure.code) ? '' : finalAssistantText(events, result);
  if (text.trim() === '') return { ok: false, failure, meta };
  return { ok: false, failure, fallback: { text, reason: `${failure.code}: ${failure.message}` }, meta };
}
