/**
 * The one way a CLI call is kept in the project's history: its record is stored `running` when the call starts
 * and final when it ends (cost, turns, duration, source, warnings, error), with the call's raw CLI lines beside
 * it, and each stored state is pushed (`history:changed`). Used by every journey (see JobRunner).
 */
import type { Generation } from '../../shared/stories';
import type { Logger } from '../base/logger';
import type { EngineEvent } from '../engines/provider';
import type { ProjectStore } from '../store/projectStore';
import { failed, succeeded } from './generationRecord';
import { RawLineRecorder } from './rawLineRecorder';
import { THIS_PROCESS } from '../store/runOwner';
import type { RetryNotice, SendPromptResult } from '../llm/promptTypes';
import type { CallActivityEvent } from '../../shared/activity';
import { ActivityMeter } from './activityMeter';

export interface HistoryDeps {
  logger: Logger;
  now: () => Date;
  onChanged: (g: Generation) => void;
  /** What the running call is doing, live (absent: not followed). */
  onActivity?: (e: CallActivityEvent) => void;
}

/** What a recorded call is told: every neutral engine event (raw lines kept, followed live) and each retry. */
export interface CallSinks {
  onEngineEvent: (event: EngineEvent) => void;
  onRetry: (notice: RetryNotice) => void;
}

export interface RecordOptions<R> {
  /** The final record of a call that returned (default: `succeeded`). */
  succeeded?: (record: Generation, result: R) => Generation;
  /** The final record of a call that threw (default: `failed`). */
  failed?: (record: Generation, error: unknown) => Generation;
  /**
   * The call is only worth making with its record stored: when the `running` record cannot be stored, the call
   * does not start and fails with that error. Otherwise recording never changes a call's outcome.
   */
  required?: boolean;
}

export type Recorded<R> =
  { ok: true; record: Generation; result: R } | { ok: false; record: Generation; error: unknown };

export async function recordCall<R extends SendPromptResult<unknown>>(
  deps: HistoryDeps,
  store: ProjectStore,
  initial: Generation,
  call: (sinks: CallSinks) => Promise<R>,
  options: RecordOptions<R> = {},
): Promise<Recorded<R>> {
  initial = { ...initial, owner: THIS_PROCESS };
  // The raw lines go to History's file as they come: not kept in memory until the end, and kept by a crash.
  const file = store.history.openRawText(initial.id);
  const raw = new RawLineRecorder((text) => file.write(text));
  const meter = liveMeter(deps, initial);
  let outcome: Recorded<R>;
  try {
    try {
      await store.history.put(initial);
      deps.onChanged(initial);
    } catch (err) {
      if (options.required) throw err;
      deps.logger.error(
        `Could not store the history record of ${initial.kind} ${initial.id}: ${String(err)}`,
      );
    }
    const result = await call({
      onEngineEvent: (e) => {
        raw.take(e);
        meter?.signal(e);
      },
      onRetry: (n) => meter?.signal({ type: 'retrying', delayMs: n.delayMs, message: n.message }),
    });
    // What the engine reported at the end (every engine has its meta, not all stream their usage).
    const { tokensIn, tokensOut, costUsd } = result.meta;
    meter?.signal({
      type: 'usage',
      total: true,
      ...(typeof tokensIn === 'number' ? { tokensIn } : {}),
      ...(typeof tokensOut === 'number' ? { tokensOut } : {}),
      ...(typeof costUsd === 'number' ? { costUsd } : {}),
    });
    outcome = { ok: true, result, record: (options.succeeded ?? succeeded)(initial, result) };
  } catch (error) {
    outcome = { ok: false, error, record: (options.failed ?? failed)(initial, error) };
  }
  meter?.finish();
  const { owner: _owner, ...ended } = outcome.record; // an ended run has no owner any more
  void _owner;
  outcome.record = { ...ended, finishedAt: deps.now().toISOString() };
  try {
    await file.finish(raw.rest());
  } catch (err) {
    // The record is still stored: without its raw lines, not left `running`.
    deps.logger.error(`Could not store the raw lines of ${initial.kind} ${initial.id}: ${String(err)}`);
  }
  try {
    await store.history.put(outcome.record);
  } catch (err) {
    deps.logger.error(`Could not store the history record of ${initial.kind} ${initial.id}: ${String(err)}`);
  }
  deps.onChanged(outcome.record);
  return outcome;
}

function liveMeter(deps: HistoryDeps, record: Generation): ActivityMeter | undefined {
  if (!deps.onActivity) return undefined;
  const base = {
    callId: record.id,
    label: record.title,
    ...(record.sprintId ? { sprintId: record.sprintId } : {}),
  };
  return new ActivityMeter(base, deps.onActivity);
}
