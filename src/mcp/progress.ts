/**
 * MCP progress for a long tool call: while it runs, each progress event of the services (a generation's stories
 * arriving, a specs step done, what a model call or a coding agent is doing) becomes a `notifications/progress`
 * for the call's progress token, when it gave one.
 */
import type { Root } from '../main/app/core';
import type { GenerationProgress } from '../shared/stories';
import type { SpecsProgress } from '../shared/plans';
import { describeActivity, type CallActivityEvent } from '../shared/activity';

/** What the SDK hands a request handler that this needs. */
export interface ProgressExtra {
  signal: AbortSignal;
  _meta?: { progressToken?: string | number };
  sendNotification: (n: {
    method: 'notifications/progress';
    params: { progressToken: string | number; progress: number; message?: string };
  }) => Promise<void>;
}

function describe(event: string, payload: unknown): string | null {
  if (event === 'generation:progress') {
    const p = payload as GenerationProgress;
    return `${p.phase}: ${p.stories.length} stories so far`;
  }
  if (event === 'call:activity') {
    const { activity } = payload as CallActivityEvent;
    return `${activity.label}: ${describeActivity(activity)}`;
  }
  if (event === 'plan:progress') {
    const p = payload as SpecsProgress;
    return `${p.step}${p.storyId ? ` ${p.storyId}` : ''} ${p.status} (${p.done} of ${p.total})`;
  }
  return null;
}

/** Starts forwarding; the returned function stops it. */
export function forwardProgress(root: Root, extra: ProgressExtra): () => void {
  const token = extra._meta?.progressToken;
  if (token === undefined) return () => {};
  let count = 0;
  return root.onEvent((event, payload) => {
    const message = describe(event, payload);
    if (message === null || extra.signal.aborted) return;
    // Progress must increase at every notification, whatever the services count.
    count += 1;
    void extra
      .sendNotification({
        method: 'notifications/progress',
        params: { progressToken: token, progress: count, message },
      })
      .catch(() => {});
  });
}
