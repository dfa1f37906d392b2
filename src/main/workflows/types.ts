import type { EngineEvent } from '../engines/provider';
import type { CallGrounding } from '../llm/grounding/callGrounding';
import type { PreviewEvent, RetryNotice, SendPrompt } from '../llm/promptTypes';

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

export interface WorkflowDeps {
  sendPrompt: SendPrompt;
}
