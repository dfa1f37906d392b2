/**
 * Turns one finished CLI run into data or a typed failure: process-level endings first (spawn errors, timeout,
 * cancel, crash), then extraction in the order of sources and the logged legacy fallback. Validation against the
 * schema and the envelope unwrap are sendPrompt's, as for every provider (checkAnswer.ts).
 */
import type { Logger } from '../../base/logger';
import { boundLines, PromptError, type PromptErrorCode, type PromptErrorDiagnostics } from '../../llm/errors';
import type { EngineMeta, ProviderAnswer } from '../provider';
import { extractStructured, type ExtractionFailure, type ExtractionMeta } from './extract';
import { legacyFallback } from './legacyFallback';
import type { DataSource } from '../../llm/promptTypes';
import type { ResolvedSchema } from '../../llm/resolveSchema';
import type { RunOutcome } from './runCli';
import { spawnFailure } from './spawnFailure';
import type { CliEvent } from './stream';

export interface InterpretContext {
  workflow: string;
  schema: ResolvedSchema;
  logger: Logger;
  cliPath: string;
  timeoutMs?: number;
  now?: () => number;
}

const INVALID_SCHEMA_STDERR = /--json-schema is not a valid JSON Schema:?\s*(.*)/;
/** What a build without structured output (1.x) prints, before doing anything, when given --json-schema. */
const UNKNOWN_SCHEMA_OPTION_STDERR = /unknown option '--json-schema'/;

export function interpretRun(run: RunOutcome, ctx: InterpretContext): ProviderAnswer {
  const diagnostics = baseDiagnostics(run, ctx);
  const fail = (code: PromptErrorCode, detail?: string, extra: PromptErrorDiagnostics = {}) =>
    new PromptError(code, { ...(detail ? { detail } : {}), diagnostics: { ...diagnostics, ...extra } });

  switch (run.endedBy) {
    case 'spawn_error': {
      const why = spawnFailure(run.exit.errorCode, ctx.cliPath);
      if (why) throw fail(why.code, why.detail);
      throw fail('crashed', run.exit.errorMessage ?? run.exit.errorCode);
    }
    case 'timeout':
      throw fail('timeout', ctx.timeoutMs ? `after ${Math.round(ctx.timeoutMs / 1000)} s` : undefined);
    case 'cancelled':
      throw fail('cancelled');
    case 'killed':
      throw fail('cancelled', 'Puffin is shutting down');
    case 'garbage_output':
      throw fail('garbage_output', run.endDetail);
    case 'after_result':
      // The result line was read; the CLI was stopped only because it did not end by itself.
      ctx.logger.warn('the CLI did not exit after its result line; it was stopped and the result used', {
        workflow: ctx.workflow,
        runId: run.runId,
      });
      break;
    case 'exit':
      break;
  }

  const invalidSchema = INVALID_SCHEMA_STDERR.exec(run.stderrTail);
  if (invalidSchema) throw fail('invalid_schema', invalidSchema[1]?.trim().slice(0, 500));
  if (UNKNOWN_SCHEMA_OPTION_STDERR.test(run.stderrTail)) {
    throw fail('schema_dropped', 'this CLI build does not know --json-schema');
  }

  const extraction = extractStructured(run.events, { schemaAttached: true });
  const meta = toMeta(extraction.meta, run);
  let data: unknown;
  let source: DataSource;
  const warnings: string[] = [];

  if (extraction.ok) {
    data = extraction.data;
    source = extraction.source;
    warnings.push(...extraction.warnings);
    if (source === 'tool_use')
      ctx.logger.warn(
        'structured output taken from the StructuredOutput tool call',
        logCtx(ctx, meta, warnings[0]),
      );
  } else {
    const legacy = extraction.fallback ? legacyFallback(extraction.fallback.text, ctx.schema) : undefined;
    if (!legacy?.ok) {
      const legacyNote = legacy ? { legacyReason: legacy.message } : {};
      throw failureError(extraction.failure, run, diagnostics, legacyNote);
    }
    data = legacy.data;
    source = 'legacy_text';
    const why = extraction.fallback!.reason;
    const warning = `No structured output (${why}); the data was recovered from the answer's text by the DEPRECATED legacy extractors (${legacy.strategy}${legacy.repaired ? ', repaired' : ''}).`;
    warnings.push(warning);
    // Loud on purpose: every use of this path is a CLI or prompt problem someone should look at.
    ctx.logger.warn(
      `DEPRECATED legacy text extraction used for workflow "${ctx.workflow}"`,
      logCtx(ctx, meta, why),
    );
  }

  return { data, source, warnings, meta, diagnostics };
}

function baseDiagnostics(run: RunOutcome, ctx: InterpretContext): PromptErrorDiagnostics {
  const d: PromptErrorDiagnostics = {
    workflow: ctx.workflow,
    cliPath: ctx.cliPath,
    exitCode: run.exit.exitCode,
    signal: run.exit.signal,
    stderrTail: run.stderrTail,
    rawLines: boundLines(run.rawTail),
  };
  if (run.cliVersion) d.cliVersion = run.cliVersion;
  const reported = run.events.findLast((e) => e.kind === 'result');
  if (reported?.kind === 'result') {
    if (reported.costUsd !== undefined) d.costUsd = reported.costUsd;
    if (reported.turns !== undefined) d.turns = reported.turns;
    if (reported.durationMs !== undefined) d.durationMs = reported.durationMs;
    if (reported.sessionId !== undefined) d.sessionId = reported.sessionId;
  }
  if (ctx.timeoutMs && run.endedBy === 'timeout') d.timeoutMs = ctx.timeoutMs;
  return d;
}

/** An extraction failure as a PromptError; a run that died without a result line is a crash. */
function failureError(
  failure: ExtractionFailure,
  run: RunOutcome,
  diagnostics: PromptErrorDiagnostics,
  extra: { legacyReason?: string },
): PromptError {
  const d: PromptErrorDiagnostics = { ...diagnostics, errors: failure.errors };
  if (failure.resultSubtype) d.resultSubtype = failure.resultSubtype;
  if (failure.apiErrorStatus !== undefined) d.httpStatus = failure.apiErrorStatus;
  let code: PromptErrorCode = failure.code;
  let detail = failure.errorText ?? failure.errors[0];
  if (code === 'no_result' && (run.exit.signal || (run.exit.exitCode ?? 0) !== 0)) {
    code = 'crashed';
    detail = run.exit.signal ? `killed by ${run.exit.signal}` : `exit code ${run.exit.exitCode}`;
    const lastStderr = run.stderrTail.trim().split('\n').at(-1);
    if (lastStderr) detail += `: ${lastStderr.slice(0, 300)}`;
  }
  if (code === 'rate_limited') {
    const retryAfter = retryAfterMs(run.events);
    if (retryAfter !== undefined) d.retryAfterMs = retryAfter;
  }
  if (extra.legacyReason && (code === 'no_structured_output' || code === 'max_turns')) {
    detail = [detail, `text fallback: ${extra.legacyReason}`].filter(Boolean).join('; ');
  }
  const retryable = failure.retryable || code === 'no_structured_output';
  return new PromptError(code, {
    ...(detail ? { detail: detail.slice(0, 500) } : {}),
    retryable,
    diagnostics: d,
  });
}

/** From the last rejected rate_limit event: how long until the window resets. */
function retryAfterMs(events: readonly CliEvent[], now = Date.now()): number | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.kind === 'rate_limit' && e.resetsAt !== undefined && e.status !== 'allowed') {
      return Math.max(0, e.resetsAt * 1000 - now);
    }
  }
  return undefined;
}

function toMeta(m: ExtractionMeta, run: RunOutcome): EngineMeta {
  const result = run.events.findLast((e) => e.kind === 'result');
  const usage = result?.kind === 'result' ? result.usage : undefined;
  const count = (key: string) => (typeof usage?.[key] === 'number' ? (usage[key] as number) : null);
  const version = m.cliVersion ?? run.cliVersion ?? null;
  return {
    provider: 'claude-cli',
    engineVersion: version,
    cliVersion: version,
    model: m.model ?? null,
    // The CLI's --json-schema: its own structured output (its StructuredOutput tool shows as source tool_use).
    mode: 'native',
    costUsd: m.costUsd ?? null,
    tokensIn: count('input_tokens'),
    tokensOut: count('output_tokens'),
    turns: m.turns ?? null,
    durationMs: m.durationMs ?? run.durationMs,
    sessionId: m.sessionId ?? null,
  };
}

function logCtx(ctx: InterpretContext, meta: EngineMeta, why: string | undefined): Record<string, unknown> {
  return { workflow: ctx.workflow, cliVersion: meta.engineVersion, why, sessionId: meta.sessionId };
}
