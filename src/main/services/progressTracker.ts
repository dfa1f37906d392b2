import type { GenerationProgress, StoryDraft } from '../../shared/stories';
import type { PreviewEvent, RetryNotice } from '../llm/promptTypes';
import type { EngineEvent } from '../engines/provider';
import { draftProblem } from '../store/recordSchemas';

/**
 * The live state of one generation, turned into `generation:progress` events: phase (queued until the CLI's
 * first line, retrying while a retry waits), elapsed time, the stories complete so far (preview `item`s under
 * `stories`), cost once the result line has it. Emits on every change and once a second for the clock.
 */
export class ProgressTracker {
  private phase: GenerationProgress['phase'] = 'queued';
  private stories: StoryDraft[] = [];
  private costUsd: number | null = null;
  private retryInSeconds: number | undefined;
  private message: string | undefined;
  private readonly started: number;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly id: string,
    private readonly emit: (p: GenerationProgress) => void,
    private readonly now: () => number = Date.now,
    tickMs = 1000,
  ) {
    this.started = now();
    this.timer = setInterval(() => this.send(), tickMs);
    this.timer.unref?.();
    this.send();
  }

  /** The stories complete so far (a copy). */
  complete(): StoryDraft[] {
    return this.stories.filter(Boolean);
  }

  preview = (event: PreviewEvent): void => {
    if (event.type === 'reset') {
      this.stories = [];
      return this.send();
    }
    if (event.type !== 'item' || event.path.length !== 1 || event.path[0] !== 'stories') return;
    if (draftProblem(event.value) !== null) return; // the final validation will report it
    const v = event.value as StoryDraft;
    this.stories[event.index] = {
      title: v.title,
      description: v.description,
      acceptanceCriteria: v.acceptanceCriteria,
    };
    this.send();
  };

  event = (event: EngineEvent): void => {
    if (event.type === 'usage') {
      // Each attempt's own total (a retried call costs both).
      if (!event.total || event.costUsd === undefined) return;
      this.costUsd = (this.costUsd ?? 0) + event.costUsd;
      return this.send();
    }
    // The engine's own retry (the CLI's of an API error): it says how long it waits.
    if (event.type === 'retrying') return this.set('retrying', event.delayMs, event.message);
    if (event.type === 'phase' && event.phase !== 'streaming') return;
    if (this.phase !== 'running') this.set('running');
  };

  retry = (notice: RetryNotice): void => {
    this.stories = []; // the next attempt starts its answer over
    this.set('retrying', notice.delayMs, `${notice.message} Retrying (attempt ${notice.attempt + 1}).`);
  };

  finish(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.set('finished');
  }

  private set(phase: GenerationProgress['phase'], delayMs?: number, message?: string): void {
    this.phase = phase;
    this.retryInSeconds = delayMs === undefined ? undefined : Math.ceil(delayMs / 1000);
    this.message = message;
    this.send();
  }

  private send(): void {
    const p: GenerationProgress = {
      id: this.id,
      phase: this.phase,
      elapsedMs: this.now() - this.started,
      stories: this.complete(),
      costUsd: this.costUsd,
    };
    if (this.retryInSeconds !== undefined) p.retryInSeconds = this.retryInSeconds;
    if (this.message !== undefined) p.message = this.message;
    this.emit(p);
  }
}

/** The map build's lines as a queued generation's progress, timed from the build's start. */
export function mappingProgress(id: string, onProgress: (p: GenerationProgress) => void, now: () => Date) {
  const started = now().getTime();
  return (message: string) =>
    onProgress({
      id,
      phase: 'queued',
      elapsedMs: now().getTime() - started,
      stories: [],
      costUsd: null,
      message,
    });
}
