/**
 * Runs the generations of the stories journey (derive, modify, plain prompt) for any face: one record per
 * generation in the project's history (written `running` at the start, final at the end, raw CLI lines beside
 * it), live `generation:progress` events, cancel by id, and a generated title that arrives afterwards.
 * Every request resolves with the stored Generation whatever its status; only a missing project or a
 * duplicate id reject.
 */
import type { RequestOf } from '../../shared/ipc/contract';
import type { Generation, GenerationProgress, ReviewDraft } from '../../shared/stories';
import { EMPTY_META } from '../../shared/stories';
import { historyKindOf } from '../../shared/workflows';
import { ServiceError } from '../core/errors';
import type { Logger } from '../core/logger';
import type { GroundingProvider } from '../llm/grounding/callGrounding';
import type { SendPrompt, SendPromptResult } from '../llm/promptTypes';
import type { ProjectStore } from '../store/projectStore';
import { fallbackTitle, generateTitle } from '../workflows/generateTitle';
import { mergeLocked } from '../workflows/mergeLocked';
import { runWorkflow } from '../workflows/run';
import type { CallOptions } from '../workflows/types';
import { failed, succeeded, titleWorthwhile } from './generationRecord';
import { JobRunner } from './jobRunner';
import { ProgressTracker } from './progressTracker';

export interface GenerationDeps {
  sendPrompt: SendPrompt;
  /** The opened project: its store (throws `no_project`) and folder (the CLI's working directory). */
  project: () => { store: ProjectStore; path: string };
  onProgress: (p: GenerationProgress) => void;
  onChanged: (g: Generation) => void;
  logger: Logger;
  now?: () => Date;
  /** Grounds derive and modify in the project (absent: every call is hermetic). */
  grounding?: GroundingProvider;
}

type Outcome = Pick<Generation, 'stories' | 'markdown'>;
type Answer = SendPromptResult<unknown> & { outcome: Outcome };
interface Spec {
  record: Generation;
  titleSource: string;
  call: (opts: CallOptions, store: ProjectStore) => Promise<Answer>;
  /** What a cancelled run keeps from the stories complete so far. */
  partial: (complete: ReviewDraft[]) => ReviewDraft[];
}

const unlocked = (s: { title: string; description: string; acceptanceCriteria: string[] }): ReviewDraft => ({
  ...s,
  locked: false,
});

export class GenerationService {
  private readonly jobs: JobRunner;
  private readonly now: () => Date;

  constructor(private readonly deps: GenerationDeps) {
    this.now = deps.now ?? (() => new Date());
    this.jobs = new JobRunner({ logger: deps.logger, now: this.now, onChanged: deps.onChanged });
  }

  derive(req: RequestOf<'generation:derive'>): Promise<Generation> {
    const workflow = req.deriveStories ? 'deriveStories' : 'plainPrompt';
    return this.run({
      record: this.base(req.id, historyKindOf(workflow)!, req.prompt, req.model),
      titleSource: req.prompt,
      call: async (opts, store) => {
        const input = { request: req.prompt, project: store.settings.get() };
        if (!req.deriveStories) {
          const r = await runWorkflow(this.deps, 'plainPrompt', input, opts);
          return { ...r, outcome: { markdown: r.data } };
        }
        const r = await runWorkflow(this.deps, 'deriveStories', input, opts);
        return { ...r, outcome: { stories: r.data.map(unlocked) } };
      },
      partial: (complete) => complete,
    });
  }

  modify(req: RequestOf<'generation:modify'>): Promise<Generation> {
    const record: Generation = {
      ...this.base(req.id, historyKindOf('modifyStories')!, req.feedback, req.model),
      feedback: req.feedback,
      parentId: req.parentId,
    };
    return this.run({
      record,
      titleSource: req.feedback,
      call: async (opts, store) => {
        const input = { stories: req.stories, feedback: req.feedback, project: store.settings.get() };
        const r = await runWorkflow(this.deps, 'modifyStories', input, opts);
        return { ...r, outcome: { stories: r.data } };
      },
      partial: (complete) => mergeLocked(req.stories, complete),
    });
  }

  /** Aborts a running generation (its CLI process tree is killed); false when it is not running. */
  cancel(id: string): { cancelled: boolean } {
    return this.jobs.cancel(id);
  }

  /** App quit / host stop: cancels everything running (title calls too) and starts no more title calls. */
  cancelAll(): void {
    this.jobs.cancelAll();
  }

  /** Resolves when every generation and title call started so far has been stored. */
  idle(): Promise<void> {
    return this.jobs.idle();
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

  private async run(spec: Spec): Promise<Generation> {
    const { store, path } = this.deps.project();
    const id = spec.record.id;
    const duplicate = () => new ServiceError('duplicate_id', `A generation with id ${id} already exists.`);
    if (this.jobs.isRunning(id) || (await store.history.get(id))) throw duplicate();
    return this.jobs.run(id, duplicate, (signal) => this.execute(spec, store, path, signal));
  }

  private async execute(spec: Spec, store: ProjectStore, cwd: string, signal: AbortSignal) {
    let tracker: ProgressTracker | undefined;
    const grounding = await this.deps.grounding?.(cwd, store.settings.get());
    const outcome = await this.jobs.record(
      store,
      spec.record,
      (push) => {
        const t = (tracker = new ProgressTracker(spec.record.id, this.deps.onProgress));
        const opts: CallOptions = {
          signal,
          cwd,
          preview: t.preview,
          onEvent: (e) => {
            push(e);
            t.event(e);
          },
          onRetry: t.retry,
          ...(spec.record.model ? { model: spec.record.model } : {}),
          ...(grounding ? { grounding } : {}),
        };
        return spec.call(opts, store);
      },
      {
        required: true, // a generation is its record: without one stored, the CLI is not run
        succeeded: (record, r) => {
          tracker?.finish();
          return { ...succeeded(record, r), ...r.outcome };
        },
        failed: (running, err) => {
          tracker?.finish();
          const record = failed(running, err);
          const cancelled = record.status === 'cancelled';
          const kept = spec.partial((tracker?.complete() ?? []).map(unlocked));
          if (record.kind !== 'prompt' && (cancelled || kept.length > 0)) record.stories = kept;
          this.deps.logger[cancelled ? 'info' : 'warn'](
            `Generation ${record.id} ${record.status}: ${record.error?.message}`,
            { code: record.error?.code },
          );
          return record;
        },
      },
    );
    // No title after a cancel or a timeout: the user stopped waiting (see titleWorthwhile).
    if (!signal.aborted && (outcome.ok || titleWorthwhile(outcome.error)))
      this.jobs.inBackground((titleSignal) =>
        this.retitle(store, spec.record.id, spec.titleSource, titleSignal),
      );
    return outcome.record;
  }

  /** Generates the title after the main result (never delaying it) and stores it when it arrives. */
  private async retitle(store: ProjectStore, id: string, text: string, signal: AbortSignal): Promise<void> {
    try {
      const t = await generateTitle(this.deps, text, { signal });
      const latest = await store.history.get(id);
      if (!latest || latest.title === t.title) return;
      const updated = await store.history.put({ ...latest, title: t.title });
      this.deps.onChanged(updated);
    } catch (err) {
      this.deps.logger.error(`Could not store the title of generation ${id}: ${(err as Error).message}`);
    }
  }
}
