/**
 * What a running model call is doing, as every face shows it live: its phase, the turn it is on, the
 * tool calls it made, a retry and how long it waits, the tokens and cost so far, and how long it has run. The
 * same for every engine: main derives it from neutral activity signals (services/activityMeter.ts).
 */

export interface CallActivity {
  /** The call's history record id (a stories generation's id; one plan call's record). */
  callId: string;
  /** The record's title, e.g. "Sprint one · Story 2". */
  label: string;
  /** Plans-journey calls: the sprint they are for. */
  sprintId?: string;
  phase: 'waiting' | 'running' | 'retrying' | 'finished';
  /** Model turns so far (0 before the first answer arrives). */
  turn: number;
  toolCalls: number;
  /** The latest tool call, e.g. "Read src/app.ts". */
  lastTool: string | null;
  /** While a retry waits: how long (null: the engine did not say) and why. */
  retry: { delayMs: number | null; message: string } | null;
  tokensIn: number | null;
  tokensOut: number | null;
  costUsd: number | null;
  /** When the call started (ISO), so a face can run its own clock. */
  startedAt: string;
  elapsedMs: number;
}

/** The `call:activity` event: the call's state and the raw engine lines that arrived since the last one. */
export interface CallActivityEvent {
  activity: CallActivity;
  lines: string[];
  /** Lines left out of this event to keep it small (a busy stream); History keeps every line. */
  skippedLines: number;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * One line saying what a call is doing, e.g. "turn 2 · 3 tool calls (last: Read src/app.ts) · 1,200 tokens in,
 * 40 out · $0.0210 · 12 s". `elapsedMs` is the face's own clock when it runs one.
 */
export function describeActivity(a: CallActivity, elapsedMs = a.elapsedMs): string {
  const parts: string[] = [];
  if (a.phase === 'waiting') parts.push('waiting for the engine');
  else if (a.phase === 'retrying' && a.retry) {
    const wait = a.retry.delayMs === null ? '' : ` in ${Math.max(1, Math.ceil(a.retry.delayMs / 1000))} s`;
    parts.push(`retrying${wait}: ${a.retry.message}`);
  } else if (a.phase === 'finished') parts.push('finished');
  if (a.turn > 0) parts.push(`turn ${a.turn}`);
  if (a.toolCalls > 0)
    parts.push(
      `${count(a.toolCalls, 'tool call', 'tool calls')}${a.lastTool ? ` (last: ${a.lastTool})` : ''}`,
    );
  if (a.tokensIn !== null || a.tokensOut !== null)
    parts.push(
      `${(a.tokensIn ?? 0).toLocaleString('en')} tokens in, ${(a.tokensOut ?? 0).toLocaleString('en')} out`,
    );
  if (a.costUsd !== null) parts.push(`$${a.costUsd.toFixed(4)}`);
  parts.push(`${Math.round(elapsedMs / 1000)} s`);
  return parts.join(' · ');
}
