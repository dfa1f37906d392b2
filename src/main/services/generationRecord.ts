/** Mapping sendPrompt outcomes onto the stored Generation record. */
import { DEFAULT_PROVIDER, isProviderName } from '../../shared/engines';
import type { GroundingRecord } from '../../shared/grounding';
import type { Generation, GenerationMeta } from '../../shared/stories';
import { PromptError, type PromptErrorCode } from '../llm/errors';
import type { PromptMeta, SendPromptResult } from '../llm/promptTypes';
import { toIpcError } from '../base/errors';

export function toMeta(meta: PromptMeta): GenerationMeta {
  return {
    provider: meta.provider ?? DEFAULT_PROVIDER,
    cliVersion: meta.cliVersion,
    engineVersion: meta.engineVersion ?? meta.cliVersion,
    costUsd: meta.costUsd,
    turns: meta.turns,
    durationMs: meta.durationMs,
    sessionId: meta.sessionId,
    model: meta.model,
    ...(meta.mode ? { mode: meta.mode } : {}),
    ...(meta.tokensIn != null ? { tokensIn: meta.tokensIn } : {}),
    ...(meta.tokensOut != null ? { tokensOut: meta.tokensOut } : {}),
  };
}

/**
 * The error as stored and shown: the PromptError's code and user-actionable message, plus the evidence the
 * review needs (validation errors, the CLI's errors, stderr tail, exit code); raw lines live in the .raw.jsonl.
 */
export function storedError(err: unknown): NonNullable<Generation['error']> {
  if (!(err instanceof PromptError)) return toIpcError(err);
  const { rawLines: _raw, ...diagnostics } = err.diagnostics;
  void _raw;
  // TypeScript relates an object with a union-typed code to the per-code union only up to 25 members; every
  // prompt code carries PromptErrorDiagnostics, so this is the same type spelt per code.
  return { code: err.code, message: err.message, details: diagnostics } as NonNullable<Generation['error']>;
}

const NO_TITLE_AFTER: ReadonlySet<PromptErrorCode> = new Set<PromptErrorCode>([
  'cancelled',
  'timeout',
  'cli_not_found',
  'cli_not_executable',
  'not_logged_in',
]);

/**
 * Whether a title is still worth a CLI call after the generation failed: not when the user cancelled or the call
 * timed out (the user stopped waiting; a title would cost a call and hold a gate slot), nor when the CLI itself
 * is unusable (a title call would fail the same way).
 */
export function titleWorthwhile(err: unknown): boolean {
  return !(err instanceof PromptError && NO_TITLE_AFTER.has(err.code));
}

/** The record of a call that returned: its source, warnings and the CLI's metadata. */
export function succeeded(record: Generation, r: SendPromptResult<unknown>): Generation {
  return {
    ...record,
    status: 'succeeded',
    source: r.source,
    warnings: r.warnings,
    meta: toMeta(r.meta),
    ...groundingOf(r),
  };
}

/** What a plan revision keeps of the call that wrote it: the CLI's metadata and what the model read. */
export function revisionMeta(r: SendPromptResult<unknown>): {
  meta: GenerationMeta;
  grounding?: GroundingRecord;
} {
  return { meta: toMeta(r.meta), ...groundingOf(r) };
}

/** `{grounding}` of a grounded call's result, to spread into what is stored; nothing for a hermetic call. */
export function groundingOf(r: Pick<SendPromptResult<unknown>, 'grounding'>): {
  grounding?: GroundingRecord;
} {
  return r.grounding ? { grounding: r.grounding } : {};
}

/** The record of a call that threw: cancelled or failed, with the stored error and the CLI version if known. */
export function failed(record: Generation, err: unknown): Generation {
  const cancelled = err instanceof PromptError && err.code === 'cancelled';
  const d = err instanceof PromptError ? err.diagnostics : {};
  return {
    ...record,
    status: cancelled ? 'cancelled' : 'failed',
    error: storedError(err),
    // What the CLI reported for the failed call: a failed or cancelled call costs money too.
    meta: {
      ...record.meta,
      ...(isProviderName(d.provider) ? { provider: d.provider } : {}),
      ...(d.model ? { model: d.model } : {}),
      cliVersion: d.cliVersion ?? null,
      engineVersion: d.cliVersion ?? record.meta.engineVersion,
      costUsd: d.costUsd ?? record.meta.costUsd,
      turns: d.turns ?? record.meta.turns,
      durationMs: d.durationMs ?? record.meta.durationMs,
      sessionId: d.sessionId ?? record.meta.sessionId,
    },
  };
}
