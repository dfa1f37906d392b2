/**
 * sendPrompt: the one pipeline every engine answers through (src/main/engines). For every workflow:
 *   schema check → provider prepared (engine found, key read) → gate slot → provider attempt → local Ajv
 *   validation against the original schema → envelope unwrap,
 * with transient failures retried outside the gate under ONE budget per call (attempts and total time), and every
 * failure a PromptError with diagnostics.
 */
import { DEFAULT_PROVIDER, type OutputMode, type ProviderName } from '../../shared/engines';
import type { WorkflowName } from '../../shared/workflows';
import type { Logger } from '../base/logger';
import type { EngineEvent, ProviderLookup } from '../engines/provider';
import { checkAnswer } from './checkAnswer';
import { validationFeedback, type ConversationTurn } from './conversation';
import { PromptError, type ErrorWords } from './errors';
import type { ConcurrencyGate } from './gate';
import { PartialJsonParser } from './preview/partialJsonParser';
import { createPartialPreview, type ParserFactory } from './previewFeed';
import type { SendPrompt, SendPromptRequest, SendPromptResult } from './promptTypes';
import { resolveSchema } from './resolveSchema';
import { DEFAULT_RETRY_POLICY, withRetries, type RetryDeps, type RetryPolicy } from './retry';

/** The engine a request gets when it names none (the app's settings, or the headless command's flags). */
export interface SendPromptSettings {
  /** The engine (default claude-cli). */
  provider?: ProviderName;
  /** The settings' provider's model when a request names none; empty: that engine's default (the CLI's own). */
  defaultModel?: string;
  /** The settings' provider's root URL, and how it enforces the schema (default auto). */
  baseUrl?: string;
  mode?: OutputMode;
}

export interface SendPromptDeps {
  gate: ConcurrencyGate;
  logger: Logger;
  /** The engine of a workflow's calls that name none (asked once per call, so a changed setting applies). */
  settings: (workflow: WorkflowName) => SendPromptSettings;
  /** Every engine by name, built with its own options by the composition root (engines/registry.ts). */
  providers: ProviderLookup;
  /** Incremental parser for the live preview (default: PartialJsonParser with its default watches). */
  previewParser?: ParserFactory;
  /** The one retry budget of a call; the providers are built with the same policy. */
  retry?: { policy?: RetryPolicy; deps?: RetryDeps };
  /** Per-call timeout when the request has none. */
  defaultTimeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 10 * 60_000;

/** The request's own timeout (a workflow's comes from its definition), else the service default. */
export function timeoutFor(requested: number | undefined, fallback?: number): number {
  return requested ?? fallback ?? DEFAULT_TIMEOUT_MS;
}

export function createSendPrompt(deps: SendPromptDeps): SendPrompt {
  const log = deps.logger.child('sendPrompt');
  const policy = deps.retry?.policy ?? DEFAULT_RETRY_POLICY;
  async function sendPrompt(req: SendPromptRequest): Promise<SendPromptResult> {
    const now = deps.retry?.deps?.now ?? Date.now;
    // What the user waited, from the request to its result (queueing, start-up and retries included): the figure
    // the faces show, rather than the engine's own account of its time.
    const started = now();
    const settings = deps.settings(req.workflow);
    const name = req.provider ?? settings.provider ?? DEFAULT_PROVIDER;
    // The settings' model, address and mode are their provider's: they mean nothing to another engine.
    const own = name === (settings.provider ?? DEFAULT_PROVIDER) ? settings : {};
    let words: ErrorWords | undefined;
    try {
      const provider = deps.providers(name);
      words = provider.words;
      const schema = resolveSchema(req);
      const tierModel = !req.model && req.tier ? provider.tierModel(req.tier) : undefined;
      const model = req.model || tierModel || own.defaultModel || undefined;
      const baseUrl = req.baseUrl || own.baseUrl;
      const prepared = await provider.prepare({
        request: req,
        schema,
        model,
        mode: req.mode ?? own.mode ?? 'auto',
        ...(baseUrl ? { baseUrl } : {}),
      });
      const timeoutMs = timeoutFor(req.timeoutMs, deps.defaultTimeoutMs);
      // The timeout bounds the whole call, retries and their waits included; it starts when the first attempt
      // gets its gate slot (time queued behind other calls is not the engine's).
      let deadline: number | undefined;
      const remainingMs = () => (deadline === undefined ? undefined : deadline - now());

      // A schema-invalid answer from an engine that takes turns is asked again with its errors (retry.ts bounds it).
      let feedback: ConversationTurn[] | undefined;
      const attempt = async (n: number) =>
        deps.gate.run(async (lease) => {
          deadline ??= now() + timeoutMs;
          const answer = await prepared.attempt({
            attempt: n,
            lease,
            timeoutMs: Math.max(1, deadline - now()),
            callTimeoutMs: timeoutMs,
            ...(req.signal ? { signal: req.signal } : {}),
            emit: eventSink(req, deps.previewParser ?? defaultParser(req)),
            activity: req.onEngineEvent !== undefined,
            ...(feedback ? { feedback } : {}),
          });
          try {
            return checkAnswer(answer, schema);
          } catch (error) {
            const errors = error instanceof PromptError ? error.diagnostics.validationErrors : undefined;
            if (!prepared.feedsBack || !errors?.length) throw error;
            feedback = validationFeedback(answer.data, errors);
            throw (error as PromptError).asRetryable();
          }
        }, req.signal);

      const result = await withRetries(attempt, {
        policy,
        ...(deps.retry?.deps ? { deps: deps.retry.deps } : {}),
        ...(req.signal ? { signal: req.signal } : {}),
        remainingMs,
        onRetry: (r) => {
          log.warn(`retrying after ${r.error.code}`, {
            workflow: req.workflow,
            provider: name,
            attempt: r.attempt,
            delayMs: r.delayMs,
            cliVersion: r.error.diagnostics.cliVersion,
          });
          try {
            req.onRetry?.({
              code: r.error.code,
              attempt: r.attempt,
              maxAttempts: policy.maxAttempts,
              delayMs: r.delayMs,
              message: (words ? r.error.inWordsOf(words) : r.error).message,
            });
          } catch {
            // A caller's progress callback must not change the outcome of the call.
          }
        },
      });
      if (prepared.warnings.length > 0) result.warnings = [...prepared.warnings, ...result.warnings];
      result.meta = { ...result.meta, durationMs: now() - started };
      log.info('done', {
        workflow: req.workflow,
        provider: name,
        model: result.meta.model,
        source: result.source,
        cliVersion: result.meta.cliVersion,
        costUsd: result.meta.costUsd,
        turns: result.meta.turns,
        durationMs: result.meta.durationMs,
      });
      return result;
    } catch (err) {
      const failed = toPromptError(err, req.workflow);
      const error = (words ? failed.inWordsOf(words) : failed).withDiagnostics({
        provider: name,
        durationMs: now() - started,
        ...(req.model ? { model: req.model } : {}),
      });
      // A cancelled call was ended by its caller (Ctrl-C, a title no longer needed): not a failure to report.
      log[error.code === 'cancelled' ? 'info' : 'error'](`failed: ${error.code}`, {
        workflow: req.workflow,
        provider: name,
        ...error.toJSON().diagnostics,
        message: error.message,
      });
      throw error;
    }
  }

  return sendPrompt as SendPrompt;
}

/** The live preview's parser, watching the arrays the request names (or the default ones). */
function defaultParser(req: SendPromptRequest): ParserFactory {
  const watch = req.previewWatch;
  return () => new PartialJsonParser(watch ? { watch } : {});
}

/** One attempt's neutral events: to the preview (partial answer text) and the caller's onEngineEvent. */
function eventSink(req: SendPromptRequest, parser: ParserFactory): (e: EngineEvent) => void {
  const preview = req.preview ? createPartialPreview(req.preview, parser) : undefined;
  const onEngineEvent = req.onEngineEvent;
  if (!preview && !onEngineEvent) return () => {};
  return (e) => {
    preview?.(e);
    try {
      onEngineEvent?.(e);
    } catch {
      // A caller's activity callback must not change the outcome of the call.
    }
  };
}

/** Whatever escaped is still reported as a typed failure with the workflow attached. */
function toPromptError(err: unknown, workflow: WorkflowName): PromptError {
  if (err instanceof PromptError) {
    return err.diagnostics.workflow ? err : err.withDiagnostics({ workflow });
  }
  const message = err instanceof Error ? err.message : String(err);
  return new PromptError('execution_error', { detail: message, diagnostics: { workflow }, cause: err });
}
