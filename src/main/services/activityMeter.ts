/**
 * The live state of one recorded call (CallActivity), fed by the engine's neutral events whatever the engine, and
 * pushed as `call:activity` events: at once when the phase changes or a tool is called, otherwise at most every
 * `flushMs`, each carrying the raw lines that arrived meanwhile (at most `maxLines`; History keeps them all).
 */
import type { CallActivity, CallActivityEvent } from '../../shared/activity';
import type { EngineEvent } from '../engines/provider';
import type { RawLineRun } from '../llm/rawLineRun';

export interface MeterOptions {
  now?: () => number;
  flushMs?: number;
  maxLines?: number;
}

export class ActivityMeter {
  private state: CallActivity;
  private readonly turns = new Set<string>();
  private readonly usage = new Map<string, { tokensIn: number; tokensOut: number }>();
  /** The raw lines since the last event, unread: a run is read only at the flush that sends its newest lines. */
  private pending: (string | RawLineRun)[] = [];
  private pendingLines = 0;
  private skipped = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly now: () => number;
  private readonly started: number;

  constructor(
    base: Pick<CallActivity, 'callId' | 'label' | 'sprintId'>,
    private readonly emit: (e: CallActivityEvent) => void,
    private readonly options: MeterOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.started = this.now();
    this.state = {
      ...base,
      phase: 'waiting',
      turn: 0,
      toolCalls: 0,
      lastTool: null,
      retry: null,
      tokensIn: null,
      tokensOut: null,
      costUsd: null,
      startedAt: new Date(this.started).toISOString(),
      elapsedMs: 0,
    };
    if (base.sprintId === undefined) delete this.state.sprintId;
    this.flush();
  }

  signal(s: EngineEvent): void {
    if (this.state.phase === 'finished') return;
    const st = this.state;
    switch (s.type) {
      case 'raw':
        this.keep(s.line, 1);
        break;
      case 'rawLines':
        this.keep(s.lines, s.lines.count);
        break;
      case 'partial':
        return; // the live preview shows the answer itself
      case 'phase':
        // The call ends when recordCall says so (an attempt's end may be followed by a retry).
        if (s.phase === 'streaming') return this.phase('running');
        return;
      case 'turn':
        if (s.id !== undefined && this.turns.has(s.id)) break;
        if (s.id !== undefined) this.turns.add(s.id);
        this.state = { ...st, turn: st.turn + 1 };
        return this.phase('running');
      case 'tool':
        this.state = {
          ...st,
          toolCalls: st.toolCalls + 1,
          lastTool: s.target ? `${s.name} ${s.target}` : s.name,
        };
        // A tool call goes out at once (published immediately), with the lines before it.
        return this.flush();
      case 'retrying':
        this.state = { ...st, retry: { delayMs: s.delayMs ?? null, message: s.message } };
        return this.phase('retrying', true);
      case 'usage':
        this.usageOf(s);
        break;
    }
    this.schedule();
  }

  /** The call ended: the last state and lines go out now. */
  finish(): void {
    this.phase('finished');
  }

  private usageOf(s: Extract<EngineEvent, { type: 'usage' }>): void {
    const st = this.state;
    if (s.costUsd !== undefined) this.state = { ...this.state, costUsd: s.costUsd };
    if (s.total) {
      this.state = {
        ...this.state,
        tokensIn: s.tokensIn ?? st.tokensIn,
        tokensOut: s.tokensOut ?? st.tokensOut,
      };
      return;
    }
    if (s.tokensIn === undefined && s.tokensOut === undefined) return;
    const key = s.id ?? `turn-${st.turn}`;
    const prev = this.usage.get(key) ?? { tokensIn: 0, tokensOut: 0 };
    this.usage.set(key, { tokensIn: s.tokensIn ?? prev.tokensIn, tokensOut: s.tokensOut ?? prev.tokensOut });
    let tokensIn = 0;
    let tokensOut = 0;
    for (const u of this.usage.values()) {
      tokensIn += u.tokensIn;
      tokensOut += u.tokensOut;
    }
    this.state = { ...this.state, tokensIn, tokensOut };
  }

  private phase(phase: CallActivity['phase'], keepRetry = false): void {
    const changed = this.state.phase !== phase;
    this.state = { ...this.state, phase, ...(keepRetry ? {} : { retry: null }) };
    if (changed || keepRetry) this.flush();
    else this.schedule();
  }

  private keep(entry: string | RawLineRun, lines: number): void {
    this.pending.push(entry);
    this.pendingLines += lines;
    // Trimmed once it holds twice what an event carries, not at every entry past it: a copy of maxLines entries
    // per line was ~3 million element copies for a large answer's 15,000 delta lines. flush() trims the rest.
    if (this.pending.length > 2 * this.maxLines()) this.trimPending();
  }

  private maxLines(): number {
    return this.options.maxLines ?? 200;
  }

  /** Drops the oldest entries not needed for the newest maxLines lines, counting their lines as skipped. */
  private trimPending(): void {
    let keep = this.pending.length;
    let covered = 0;
    while (keep > 0 && covered < this.maxLines()) covered += linesOf(this.pending[--keep]!);
    if (keep === 0) return;
    let dropped = 0;
    for (let i = 0; i < keep; i++) dropped += linesOf(this.pending[i]!);
    this.skipped += dropped;
    this.pendingLines -= dropped;
    this.pending = this.pending.slice(keep);
  }

  /**
   * The newest maxLines lines of the pending entries, read now (a run's lines are decoded only here, and only
   * its last ones): the rest are counted as skipped.
   */
  private newestLines(): string[] {
    const max = this.maxLines();
    const out: string[][] = [];
    let wanted = max;
    for (let i = this.pending.length - 1; i >= 0 && wanted > 0; i--) {
      const entry = this.pending[i]!;
      const lines = typeof entry === 'string' ? [entry] : entry.last(wanted);
      out.push(lines);
      wanted -= lines.length;
    }
    const newest = out.reverse().flat();
    this.skipped += this.pendingLines - newest.length;
    this.pending = [];
    this.pendingLines = 0;
    return newest;
  }

  private schedule(): void {
    if (this.timer || this.state.phase === 'finished') return;
    this.timer = setTimeout(() => this.flush(), this.options.flushMs ?? 150);
    this.timer.unref?.();
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.state = { ...this.state, elapsedMs: this.now() - this.started };
    const lines = this.newestLines();
    const event: CallActivityEvent = { activity: this.state, lines, skippedLines: this.skipped };
    this.skipped = 0;
    this.emit(event);
  }
}

const linesOf = (entry: string | RawLineRun): number => (typeof entry === 'string' ? 1 : entry.count);
