import type { PreviewEvent, RetryNotice, SendPrompt } from '../llm/promptTypes';
import type { CliEvent } from '../llm/stream';

/** What every workflow passes through to sendPrompt untouched (cancel, live preview, activity lines, retries). */
export interface CallOptions {
  model?: string;
  signal?: AbortSignal;
  preview?: (event: PreviewEvent) => void;
  onEvent?: (event: CliEvent) => void;
  onRetry?: (event: RetryNotice) => void;
  cwd?: string;
  timeoutMs?: number;
}

export interface WorkflowDeps {
  sendPrompt: SendPrompt;
}
