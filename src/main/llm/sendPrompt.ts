/**
 * sendPrompt: the only way Puffin runs the Claude Code CLI. For every workflow:
 *   schema check → gate slot → runner (stream-json, prompt on stdin) → extraction (DESIGN §3 order) →
 *   logged legacy fallback → ajv validation → envelope unwrap,
 * with transient failures retried outside the gate, and every failure a PromptError with diagnostics.
 */
import type { WorkflowName } from '../../shared/workflows';
import type { Logger } from '../core/logger';
import { buildCliArgs } from './cliArgs';
import { PromptError } from './errors';
import type { ConcurrencyGate } from './gate';
import { createCapabilityProbe, type CapabilityProbe } from './grounding/probeCapabilities';
import { GROUNDED_EXTRA_TURNS, groundedResult, prepareAccess } from './grounding/prepareAccess';
import { interpretRun } from './interpretRun';
import type { LocatedCli } from './locateCli';
import { PartialJsonParser } from './preview/partialJsonParser';
import { createPreviewFeed, type ParserFactory } from './previewFeed';
import type { KillDeps } from './processTree';
import type { SendPrompt, SendPromptRequest, SendPromptResult } from './promptTypes';
import { resolveSchema } from './resolveSchema';
import { DEFAULT_RETRY_POLICY, withRetries, type RetryDeps, type RetryPolicy } from './retry';
import { runCli } from './runCli';
import type { Spawner } from './spawnCli';
import type { CliEvent } from './stream';

export interface SendPromptSettings {
  /** Used when a request names no model; empty means the CLI's default. */
  defaultModel?: string;
}

export interface SendPromptDeps {
  /** Finds the CLI (see locateCli); called once per request, so a changed setting applies to the next call. */
  locate: () => Promise<LocatedCli>;
  gate: ConcurrencyGate;
  logger: Logger;
  settings: () => SendPromptSettings;
  /** Test/bench override of process creation; everything else stays real. */
  spawn?: Spawner;
  /** Environment for the CLI (default: this process's). */
  env?: () => NodeJS.ProcessEnv;
  /** Incremental parser for the live preview (default: PartialJsonParser with its default watches). */
  previewParser?: ParserFactory;
  retry?: { policy?: RetryPolicy; deps?: RetryDeps };
  kill?: KillDeps;
  killGraceMs?: number;
  /** Per-call timeout when the request has none. */
  defaultTimeoutMs?: number;
  /** Which confinement flags the CLI has (grounded calls; default: asks the CLI once per binary). */
  probeCapabilities?: CapabilityProbe;
}

export const DEFAULT_TIMEOUT_MS = 10 * 60_000;
export const DEFAULT_MAX_TURNS = 4;

/** The request's own timeout (a workflow's comes from its definition), else the service default. */
export function timeoutFor(requested: number | undefined, fallback?: number): number {
  return requested ?? fallback ?? DEFAULT_TIMEOUT_MS;
}

export function createSendPrompt(deps: SendPromptDeps): SendPrompt {
  const log = deps.logger.child('sendPrompt');
  const probe = deps.probeCapabilities ?? createCapabilityProbe();

  async function sendPrompt(req: SendPromptRequest): Promise<SendPromptResult> {
    const started = Date.now();
    try {
      const schema = resolveSchema(req);
      const cli = await deps.locate();
      const model = req.model || deps.settings().defaultModel || undefined;
      const access = await prepareAccess(req.grounding, cli, deps.env?.() ?? process.env, { probe });
      const audit = access.audit;
      const args = [
        ...buildCliArgs({
          schema: schema.schema,
          // Looking costs turns: a grounded call gets more than its workflow's hermetic figure.
          maxTurns: (req.maxTurns ?? DEFAULT_MAX_TURNS) + (audit ? GROUNDED_EXTRA_TURNS : 0),
          ...(model ? { model } : {}),
          ...(req.fallbackModel ? { fallbackModel: req.fallbackModel } : {}),
          ...(req.maxBudgetUsd !== undefined ? { maxBudgetUsd: req.maxBudgetUsd } : {}),
          includePartialMessages: req.preview !== undefined,
          hermetic: audit ? false : (req.hermetic ?? true),
        }),
        ...(audit ? access.args : []),
      ];
      const cwd = access.cwd ?? req.cwd;
      const timeoutMs = timeoutFor(req.timeoutMs, deps.defaultTimeoutMs);
      const policy = deps.retry?.policy ?? DEFAULT_RETRY_POLICY;
      // The timeout bounds the whole call, retries and their waits included; it starts when the first attempt
      // gets its gate slot (time queued behind other calls is not the CLI's).
      const now = deps.retry?.deps?.now ?? Date.now;
      let deadline: number | undefined;
      const remainingMs = () => (deadline === undefined ? undefined : deadline - now());

      const attempt = async (n: number) =>
        deps.gate.run(async (lease) => {
          deadline ??= now() + timeoutMs;
          const left = Math.max(1, deadline - now());
          const onEvent = eventSink(req, deps.previewParser ?? defaultParser(req));
          log.debug('cli start', { workflow: req.workflow, attempt: n, cli: cli.path, source: cli.source });
          const run = await runCli(
            {
              cli,
              args,
              prompt: req.prompt,
              env: cliEnv(deps.env?.() ?? process.env, policy),
              timeoutMs: left,
              lease,
              ...(cwd ? { cwd } : {}),
              ...(req.signal ? { signal: req.signal } : {}),
              ...(onEvent ? { onEvent } : {}),
              ...(deps.killGraceMs !== undefined ? { killGraceMs: deps.killGraceMs } : {}),
            },
            { ...(deps.spawn ? { spawn: deps.spawn } : {}), ...(deps.kill ? { kill: deps.kill } : {}) },
          );
          const interpreted = interpretRun(run, {
            workflow: req.workflow,
            schema,
            logger: log,
            cliPath: cli.path,
            timeoutMs,
          });
          return audit ? groundedResult(interpreted, audit(run.events)) : interpreted;
        }, req.signal);

      const result = await withRetries(attempt, {
        policy,
        ...(deps.retry?.deps ? { deps: deps.retry.deps } : {}),
        ...(req.signal ? { signal: req.signal } : {}),
        remainingMs,
        onRetry: (r) => {
          log.warn(`retrying after ${r.error.code}`, {
            workflow: req.workflow,
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
              message: r.error.message,
            });
          } catch {
            // A caller's progress callback must not change the outcome of the call.
          }
        },
      });
      if (access.warnings.length > 0) result.warnings = [...access.warnings, ...result.warnings];
      log.info('done', {
        workflow: req.workflow,
        source: result.source,
        cliVersion: result.meta.cliVersion,
        costUsd: result.meta.costUsd,
        turns: result.meta.turns,
        durationMs: Date.now() - started,
      });
      return result;
    } catch (err) {
      const error = toPromptError(err, req.workflow);
      log.error(`failed: ${error.code}`, {
        workflow: req.workflow,
        ...error.toJSON().diagnostics,
        message: error.message,
      });
      throw error;
    }
  }

  return sendPrompt as SendPrompt;
}

/** The CLI's environment: the caller's, with the CLI's own API retries set to our budget's share. */
function cliEnv(base: NodeJS.ProcessEnv, policy: RetryPolicy): NodeJS.ProcessEnv {
  return { ...base, CLAUDE_CODE_MAX_RETRIES: String(policy.cliMaxRetries) };
}

/** The live preview's parser, watching the arrays the request names (or the default ones). */
function defaultParser(req: SendPromptRequest): ParserFactory {
  const watch = req.previewWatch;
  return () => new PartialJsonParser(watch ? { watch } : {});
}

/** The per-event callback: the caller's onEvent plus the preview feed, or nothing when neither is wanted. */
function eventSink(
  req: SendPromptRequest,
  parser: ParserFactory | undefined,
): ((e: CliEvent) => void) | undefined {
  const feed = req.preview && parser ? createPreviewFeed(req.preview, parser) : undefined;
  if (!feed) return req.onEvent;
  if (!req.onEvent) return feed;
  const onEvent = req.onEvent;
  return (e) => {
    feed(e);
    onEvent(e);
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
