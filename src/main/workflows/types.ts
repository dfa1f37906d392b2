import type { EngineEvent } from '../engines/provider';
import type { CallGrounding } from '../llm/grounding/callGrounding';
import type { HistoryKind } from '../../shared/workflows';
import type {
  PreviewEvent,
  RetryNotice,
  SendPrompt,
  SendPromptRequest,
  SendPromptResult,
} from '../llm/promptTypes';

/** What a caller may set on one call of a workflow (cancel, live preview, activity lines, retries, limits). */
export interface CallOptions {
  /** Instead of the workflow's default model (or the user's). */
  model?: string;
  signal?: AbortSignal;
  preview?: (event: PreviewEvent) => void;
  /** Every engine's neutral events: phase, raw lines, turns, tools, tokens, waits (see engines/provider.ts). */
  onEngineEvent?: (event: EngineEvent) => void;
  onRetry?: (event: RetryNotice) => void;
  cwd?: string;
  /** Instead of the workflow's timeout. */
  timeoutMs?: number;
  /** Instead of the workflow's turn limit (e.g. `puffin prompt --max-turns`). */
  maxTurns?: number;
  /** The project to ground the call in, and what its prompt adds; used by grounded workflows only. */
  grounding?: CallGrounding;
}

/** One call of a workflow that declares a history kind, as its history record is made from it. */
export interface RecordedCall {
  kind: HistoryKind;
  request: SendPromptRequest;
}

/**
 * Where the calls of recorded workflows are kept: runWorkflow hands every such call to it, whoever the caller.
 * `send` makes the call with the request the history completes (its event sinks, a budget cap) and returns the
 * mapped answer, which the history's final record is made from.
 */
export interface CallHistory {
  record<O>(
    call: RecordedCall,
    send: (request: SendPromptRequest) => Promise<SendPromptResult<O>>,
  ): Promise<SendPromptResult<O>>;
}

/** What a workflow that records nothing needs. */
export interface UnrecordedDeps {
  sendPrompt: SendPrompt;
  history?: CallHistory;
}

/** What a workflow that declares a history kind needs: the history its calls are kept in. */
export interface WorkflowDeps extends UnrecordedDeps {
  history: CallHistory;
}
