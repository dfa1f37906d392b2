/**
 * Runs the generations of the stories journey (derive, modify, plain prompt) for any face: one record per
 * generation in the project's history (written `running` at the start, final at the end, raw CLI lines beside
 * it), live `generation:progress` events, cancel by id, and a generated title that arrives afterwards.
 * Every request resolves with the stored Generation whatever its status; only a missing project or a
 * duplicate id reject.
 */
import type { RequestOf } from '../../shared/ipc/contract';
import type { Generation, GenerationProgress, ReviewDraft } from '../../shared/stories';
import { ServiceError } from '../core/errors';
import type { Logger } from '../core/logger';
import type { SendPrompt, SendPromptResult } from '../llm/promptTypes';
import type { ProjectStore } from '../store/projectStore';
import { deriveStories } from '../workflows/deriveStories';
import { fallbackTitle, generateTitle } from '../workflows/generateTitle';
import { mergeLocked } from '../workflows/mergeLocked';
import { modifyStories } from '../workflows/modifyStories';
import { plainPrompt } from '../workflows/plainPrompt';
import type { CallOptions } from '../workflows/types';
import { EMPTY_META } from '../../shared/stories';
import { cliUnusable, failed, succeeded } from './generationRecord';
import { ProgressTracker } from './progressTracker';
import { RawLineRecorder } from './rawLineRecorder';

export interface GenerationDeps {
  sendPrompt: SendPrompt;
  /** The opened project: its store (throws `no_project`) and folder (the CLI's working directory). */
  project: () => { store: ProjectStore; path: string };
  onProgress: (p: GenerationProgress) => void;
  onChanged: (g: Generation) => void;
  logger: Logger;
  now?: () => Date;
}

type Outcome = Pick<Generation, 'stories' | 'markdown'>;
interface Spec {
  record: Generation;
  titleSource: string;
  call: (opts: CallOptions, store: ProjectStore) => Promise<SendPromptResult<unknown> & { outcome: Outcome }>;
  /** What a cancelled run keeps from the stories complete so far. */
  partial: (complete: ReviewDraft[]) => ReviewDraft[];
}

const unlocked = (s: { title: string; description: string; acceptanceCriteria: string[] }): ReviewDraft => ({
  ...s,
  locked: false,
});

export class GenerationService {
  private readonly running = new Map<string, AbortController>();
  private readonly pending = new Set<Promise<unknown>>();
  private closing = false;
  private readonly now: () => Date;

  constructor(private readonly deps: GenerationDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  derive(req: RequestOf<'generation:derive'>): Promise<Generation> {
    const base = this.base(req.id, req.deriveStories ? 'derive' : 'prompt', req.prompt, req.model);
    return this.run({
      record: base,
      titleSource: req.prompt,
      call: async (opts, store) => {
        const input = { request: req.prompt, project: store.settings.get() };
        if (!req.deriveStories) {
          const r = await plainPrompt(this.deps, input, opts);
          return { ...r, outcome: { markdown: r.data } };
        }
        const r = await deriveStories(this.deps, input, opts);
        return { ...r, outcome: { stories: r.data.map(unlocked) } };
      },
      partial: (complete) => complete,
    });
  }

  modify(req: RequestOf<'generation:modify'>): Promise<Generation> {
    const record: Generation = {
      ...this.base(req.id, 'modify', req.feedback, req.model),
      feedback: req.feedback,
      parentId: req.parentId,
    };
    return this.run({
      record,
      titleSource: req.feedback,
      call: async (opts, store) => {
        const input = { stories: req.stories, feedback: req.feedback, project: store.settings.get() };
        const r = await modifyStories(this.deps, input, opts);
        return { ...r, outcome: { stories: r.data } };
      },
      partial: (complete) => mergeLocked(req.stories, complete),
    });
  }

  /** Aborts a running generation (its CLI process tree is killed); false when it is not running. */
  cancel(id: string): { cancelled: boolean } {
    const controller = this.running.get(id);
    if (!controller) return { cancelled: false };
    controller.abort();
    return { cancelled: true };
  }

  /** App quit / host stop: cancels everything running and starts no more title calls. */
  cancelAll(): void {
    this.closing = true;
    for (const c of this.running.values()) c.abort();
  }

  /** Resolves when every generation and title call started so far has been stored. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private base(id: string, kind: Generation['kind'], prompt: string, model?: string): Generation {
    return {
      id,
      kind,
      title: fallbackTitle(prompt),
      prompt,
      ...(model ? { model } : {}),
      status: 'running',
      createdAt: this.now().toISOString(),
      warnings: [],
      meta: { ...EMPTY_META },
    };
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p)).catch(() => undefined);
    return p;
  }

  private async run(spec: Spec): Promise<Generation> {
    const { store, path } = this.deps.project();
    const id = spec.record.id;
    if (this.running.has(id) || (await store.history.get(id)))
      throw new ServiceError('duplicate_id', `A generation with id ${id} already exists.`);
    const controller = new AbortController();
    this.running.set(id, controller);
    return this.track(this.execute(spec, store, path, controller));
  }

  private async execute(
    spec: Spec,
    store: ProjectStore,
    cwd: string,
    controller: AbortController,
  ): Promise<Generation> {
    let record = spec.record;
    const log = this.deps.logger;
    const raw = new RawLineRecorder();
    let tracker: ProgressTracker | undefined;
    let failure: unknown;
    try {
      await store.history.put(record);
      this.deps.onChanged(record);
      tracker = new ProgressTracker(record.id, this.deps.onProgress);
      const t = tracker;
      const opts: CallOptions = {
        signal: controller.signal,
        cwd,
        preview: t.preview,
        onEvent: (e) => {
          raw.push(e);
          t.event(e);
        },
        onRetry: t.retry,
        ...(record.model ? { model: record.model } : {}),
      };
      const r = await spec.call(opts, store);
      record = { ...succeeded(record, r), ...r.outcome };
    } catch (err) {
      failure = err;
      record = failed(record, err);
      const cancelled = record.status === 'cancelled';
      const kept = spec.partial((tracker?.complete() ?? []).map(unlocked));
      if (record.kind !== 'prompt' && (cancelled || kept.length > 0)) record.stories = kept;
      log[cancelled ? 'info' : 'warn'](`Generation ${record.id} ${record.status}: ${record.error?.message}`, {
        code: record.error?.code,
      });
    } finally {
      this.running.delete(record.id);
    }
    record = { ...record, finishedAt: this.now().toISOString() };
    try {
      await store.history.writeRawLines(record.id, raw.lines());
      await store.history.put(record);
    } catch (err) {
      log.error(`Could not store generation ${record.id}: ${(err as Error).message}`);
    }
    tracker?.finish();
    this.deps.onChanged(record);
    if (!this.closing && !cliUnusable(failure)) this.track(this.retitle(store, record.id, spec.titleSource));
    return record;
  }

  /** Generates the title after the main result (never delaying it) and stores it when it arrives. */
  private async retitle(store: ProjectStore, id: string, text: string): Promise<void> {
    try {
      const t = await generateTitle({ sendPrompt: this.deps.sendPrompt, logger: this.deps.logger }, text);
      const latest = await store.history.get(id);
      if (!latest || latest.title === t.title) return;
      const updated = await store.history.put({ ...latest, title: t.title });
      this.deps.onChanged(updated);
    } catch (err) {
      this.deps.logger.error(`Could not store the title of generation ${id}: ${(err as Error).message}`);
    }
  }
}
