/**
 * The `claude-cli` provider: the Claude Code CLI (stream-json, prompt on stdin, --json-schema), grounded or
 * hermetic, exactly as sendPrompt ran it before the engine seam. One process per attempt, in its gate slot; the
 * CLI's own API retries are set to the retry budget's share so retries do not multiply.
 */
import { renderTurns } from '../../llm/conversation';
import { buildCliArgs } from './cliArgs';
import { createCapabilityProbe, type CapabilityProbe } from './grounding/probeCapabilities';
import { GROUNDED_EXTRA_TURNS, groundedResult, prepareAccess } from './grounding/prepareAccess';
import { interpretRun } from './interpretRun';
import type { LocatedCli } from './locateCli';
import { CliPartials } from './cliPartials';
import type { KillDeps } from './processTree';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../../llm/retry';
import { runCli, type RunRequest } from './runCli';
import type { Spawner } from './spawnCli';
import { cliActivityEvents } from './activityEvents';
import { PartialBatcher } from '../partialBatcher';
import type { CliEvent } from './stream';
import type { Logger } from '../../base/logger';
import type { AttemptContext, PreparedCall, Provider, ProviderCall } from '../provider';
import { CLAUDE_CLI_ALIASES, CLAUDE_CLI_TRAITS } from './traits';

export interface ClaudeCliDeps {
  /** Finds the CLI (see locateCli); called once per request, so a changed setting applies to the next call. */
  locate: () => Promise<LocatedCli>;
  logger: Logger;
  /** Test/bench override of process creation; everything else stays real. */
  spawn?: Spawner;
  /** Environment for the CLI (default: this process's). */
  env?: () => NodeJS.ProcessEnv;
  kill?: KillDeps;
  killGraceMs?: number;
  /** Which confinement flags the CLI has (grounded calls; default: asks the CLI once per binary). */
  probeCapabilities?: CapabilityProbe;
  retryPolicy?: RetryPolicy;
  /** Every decoded CLI event of every call (tests and the bench; the app listens to the neutral events). */
  onCliEvent?: (event: CliEvent) => void;
}

export const DEFAULT_MAX_TURNS = 4;

export function createClaudeCliProvider(deps: ClaudeCliDeps): Provider {
  const probe = deps.probeCapabilities ?? createCapabilityProbe();
  const policy = deps.retryPolicy ?? DEFAULT_RETRY_POLICY;

  async function prepare(call: ProviderCall): Promise<PreparedCall> {
    const { request: req, schema, model } = call;
    const cli = await deps.locate();
    const env = deps.env?.() ?? process.env;
    const access = await prepareAccess(req.grounding, cli, env, { probe });
    const audit = access.audit;
    const args = [
      ...buildCliArgs({
        schema: schema.schema,
        // Looking costs turns: a grounded call gets more than its workflow's hermetic figure.
        maxTurns: (req.maxTurns ?? DEFAULT_MAX_TURNS) + (audit ? GROUNDED_EXTRA_TURNS : 0),
        ...(model ? { model } : {}),
        ...(req.fallbackModel ? { fallbackModel: req.fallbackModel } : {}),
        ...(req.maxBudgetUsd !== undefined ? { maxBudgetUsd: req.maxBudgetUsd } : {}),
        includePartialMessages: req.preview !== undefined || req.onEngineEvent !== undefined,
        hermetic: audit ? false : (req.hermetic ?? true),
      }),
      ...(audit ? access.args : []),
    ];
    const cwd = access.cwd ?? req.cwd;

    async function attempt(ctx: AttemptContext) {
      deps.logger.debug('cli start', {
        workflow: req.workflow,
        attempt: ctx.attempt,
        cli: cli.path,
        source: cli.source,
      });
      const run = await runCli(
        {
          cli,
          args,
          // Print mode takes one input: earlier turns (a modify or refine round) come as text before the prompt.
          prompt: renderTurns(req.history, req.prompt),
          env: cliEnv(deps.env?.() ?? process.env, policy),
          timeoutMs: ctx.timeoutMs,
          lease: ctx.lease,
          ...(cwd ? { cwd } : {}),
          ...(ctx.signal ? { signal: ctx.signal } : {}),
          ...eventSink(deps.onCliEvent, ctx.emit, ctx.activity ?? true),
          ...(deps.killGraceMs !== undefined ? { killGraceMs: deps.killGraceMs } : {}),
        },
        { ...(deps.spawn ? { spawn: deps.spawn } : {}), ...(deps.kill ? { kill: deps.kill } : {}) },
      );
      const answer = interpretRun(run, {
        workflow: req.workflow,
        schema,
        logger: deps.logger,
        cliPath: cli.path,
        timeoutMs: ctx.callTimeoutMs,
      });
      return audit ? groundedResult(answer, audit(run.events)) : answer;
    }

    return { attempt, warnings: access.warnings };
  }

  return { ...CLAUDE_CLI_TRAITS, listModels: () => Promise.resolve([...CLAUDE_CLI_ALIASES]), prepare };
}

/** The CLI's environment: the caller's, with the CLI's own API retries set to our budget's share. */
function cliEnv(base: NodeJS.ProcessEnv, policy: RetryPolicy): NodeJS.ProcessEnv {
  return { ...base, CLAUDE_CODE_MAX_RETRIES: String(policy.cliMaxRetries) };
}

/**
 * Every CLI event to the deps' onCliEvent, and as neutral events: answer deltas, and (with `activity`) raw lines,
 * turns, tools, tokens. Without a CliEvent listener, nothing is built per delta line: the CLI's delta lines come as
 * their fields, a chunk's run of them joined (onDelta: no event and no call each), with the activity their raw
 * lines as one `rawLines` event per run (a delta line says nothing else to the activity), and the fragments of one
 * stdout chunk reach the preview as one (PartialBatcher); any other event or listener call first passes on the
 * fragments before it, so the order everyone sees is kept.
 */
function eventSink(
  onEvent: ((e: CliEvent) => void) | undefined,
  emit: AttemptContext['emit'],
  activity: boolean,
): Pick<RunRequest, 'onEvent' | 'onBatchEnd' | 'onDelta' | 'deltaRawLines'> {
  const answer = new CliPartials();
  const partials = new PartialBatcher(emit);
  let streaming = false;
  const started = () => {
    if (!streaming) {
      streaming = true;
      emit({ type: 'phase', phase: 'streaming' });
    }
  };
  const byRuns = !onEvent;
  return {
    onEvent: (e) => {
      started();
      const text = answer.text(e);
      if (text !== undefined) partials.add(answer.block, text);
      if (activity) {
        partials.flush();
        for (const a of cliActivityEvents(e)) emit(a);
      }
      if (onEvent) {
        partials.flush();
        onEvent(e);
      }
    },
    onBatchEnd: () => partials.flush(),
    ...(byRuns
      ? {
          onDelta: (index, partialJson, parent, messageId, rawLines) => {
            started();
            const text = answer.deltaText(index, partialJson, parent, messageId);
            if (text !== undefined) partials.add(answer.block, text);
            if (activity && rawLines && rawLines.count > 0) {
              partials.flush();
              emit({ type: 'rawLines', lines: rawLines });
            }
          },
          ...(activity ? { deltaRawLines: true } : {}),
        }
      : {}),
  };
}
