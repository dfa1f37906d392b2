/**
 * Runs the generations of the stories journey (derive, modify, plain prompt) for any face: one record per
 * generation in the project's history (written `running` at the start, final at the end, raw CLI lines beside
 * it), live `generation:progress` events, cancel by id, and a generated title that arrives afterwards.
 * Every request resolves with the stored Generation whatever its status; only a missing project or a
 * duplicate id reject.
 */
import type { CallActivityEvent } from '../../shared/activity';
import type { RequestOf } from '../../shared/ipc/contract';
import type { Generation, GenerationProgress, ReviewDraft } from '../../shared/stories';
import type { StoryRevisions } from '../../shared/storyRevisions';
import { EMPTY_META } from '../../shared/stories';
import { historyKindOf } from '../../shared/workflows';
import { ServiceError } from '../base/errors';
import type { Logger } from '../base/logger';
import type { GroundingProvider } from '../llm/grounding/callGrounding';
import type { SendPrompt, SendPromptRequest, SendPromptResult } from '../llm/promptTypes';
import type { ProjectStore } from '../store/projectStore';
import { fallbackTitle, generateTitle } from '../workflows/generateTitle';
import { mergeLocked } from '../workflows/mergeLocked';
import { runWorkflow } from '../workflows/run';
import type { CallHistory, CallOptions, RecordedCall, WorkflowDeps } from '../workflows/types';
import { withSinks } from './callRecorder';
import type { RecordOptions, Recorded } from './historyRecorder';
import { failed, succeeded, titleWorthwhile } from './generationRecord';
import { JobRunner } from './jobRunner';
import { mappingProgress, ProgressTracker } from './progressTracker';
import { keepRound, requestOf, reviewOf, storiesOf, type Round } from './reviewRounds';
import { revisionLogOf } from './storyRevisionLog';

export interface GenerationDeps {
  sendPrompt: SendPrompt;
  /** The opened project: its store (throws `no_project`) and folder (the CLI's working directory). */
  project: () => { store: ProjectStore; path: string };
  onProgress: (p: GenerationProgress) => void;
  onChanged: (g: Generation) => void;
  /** What a running call is doing, live (`call:activity`). */
  onActivity?: (e: CallActivityEvent) => void;
  logger: Logger;
  now?: () => Date;
  /** Grounds derive and modify in the project (absent: every call is hermetic). */
  grounding?: GroundingProvider;
}

type Outcome = Pick<Generation, 'stories' | 'markdown'>;
interface Spec<O> {
  record: Generation;
  /** What a generated title is made from (absent: the local title stays). */
  titleSource?: string;
  /** The review revision a round with stories adds (record.reviewId names the review). */
  round?: Round;
  /** Makes the generation's one call (runWorkflow records it in `record`, through `llm.history`). */
  call: (opts: CallOptions, store: ProjectStore, llm: WorkflowDeps) => Promise<SendPromptResult<O>>;
  /** What the record keeps of the call's answer. */
  outcome: (data: O) => Outcome;
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
    this.jobs = new JobRunner({
      logger: deps.logger,
      now: this.now,
      onChanged: deps.onChanged,
      ...(deps.onActivity ? { onActivity: deps.onActivity } : {}),
    });
  }

  derive(req: RequestOf<'generation:derive'>): Promise<Generation> {
    const workflow = req.deriveStories ? 'deriveStories' : 'plainPrompt';
    const record = this.base(req.id, historyKindOf(workflow)!, req.prompt, req.model);
    const input = (store: ProjectStore) => ({ request: req.prompt, project: store.settings.get() });
    const common = { titleSource: req.prompt, round: { kind: 'derived' } as const };
    if (!req.deriveStories)
      return this.run({
        ...common,
        record,
        call: (opts, store, llm) => runWorkflow(llm, 'plainPrompt', input(store), opts),
        outcome: (markdown) => ({ markdown }),
        partial: (complete) => complete,
      });
    return this.run({
      ...common,
      // A derive starts a review: its revisions are kept under the derive's id.
      record: { ...record, reviewId: req.id },
      call: (opts, store, llm) => runWorkflow(llm, 'deriveStories', input(store), opts),
      outcome: (stories) => ({ stories: stories.map(unlocked) }),
      partial: (complete) => complete,
    });
  }

  async modify(req: RequestOf<'generation:modify'>): Promise<Generation> {
    const record: Generation = {
      ...this.base(req.id, historyKindOf('modifyStories')!, req.feedback, req.model),
      feedback: req.feedback,
      parentId: req.parentId,
      reviewId: await reviewOf(this.deps.project().store, req.parentId),
    };
    return this.run({
      record,
      titleSource: req.feedback,
      round: { kind: 'modified' },
      call: async (opts, store, llm) => {
        // The review's first request makes the round a conversation on the API engines (modifyTurns).
        const request = await requestOf(store, record.reviewId);
        const input = {
          stories: req.stories,
          feedback: req.feedback,
          project: store.settings.get(),
          ...(request ? { request } : {}),
        };
        return runWorkflow(llm, 'modifyStories', input, opts);
      },
      outcome: (stories) => ({ stories }),
      partial: (complete) => mergeLocked(req.stories, complete),
    });
  }

  /** One story rewritten, the others kept exactly (the stories sent, else those of generation `parentId`). */
  async regenerateStory(req: RequestOf<'generation:regenerateStory'>): Promise<Generation> {
    const stories = req.stories ?? (await storiesOf(this.deps.project().store, req.parentId));
    const target = stories[req.index];
    if (!target)
      throw new ServiceError(
        'invalid_payload',
        `There is no story ${req.index + 1}: the round has ${stories.length}.`,
      );
    const prompt = req.feedback?.trim() || `Regenerate story ${req.index + 1}: ${target.title}`;
    const record: Generation = {
      ...this.base(req.id, historyKindOf('regenerateStory')!, prompt, req.model),
      ...(req.feedback?.trim() ? { feedback: req.feedback } : {}),
      parentId: req.parentId,
      reviewId: await reviewOf(this.deps.project().store, req.parentId),
    };
    return this.run({
      record,
      round: { kind: 'story_regenerated', regeneratedIndex: req.index },
      call: (opts, store, llm) => {
        const input = {
          stories,
          index: req.index,
          project: store.settings.get(),
          ...(req.feedback ? { feedback: req.feedback } : {}),
        };
        return runWorkflow(llm, 'regenerateStory', input, opts);
      },
      outcome: (stories) => ({ stories }),
      partial: () => [], // a cancelled rewrite changes nothing
    });
  }

  /** Every revision of a stories review, or null when it has none. */
  revisions(reviewId: string): Promise<StoryRevisions | null> {
    return revisionLogOf(this.deps.project().store).get(reviewId);
  }

  /** A copy of an older revision becomes the current one. */
  restoreRevision(reviewId: string, revision: number): Promise<StoryRevisions> {
    return revisionLogOf(this.deps.project().store).restore(reviewId, revision, this.now());
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

  private async run<O>(spec: Spec<O>): Promise<Generation> {
    const { store, path } = this.deps.project();
    const id = spec.record.id;
    const duplicate = () => new ServiceError('duplicate_id', `A generation with id ${id} already exists.`);
    if (this.jobs.isRunning(id) || (await store.history.get(id))) throw duplicate();
    return this.jobs.run(id, duplicate, (signal) => this.execute(spec, store, path, signal));
  }

  private async execute<O>(spec: Spec<O>, store: ProjectStore, cwd: string, signal: AbortSignal) {
    const tracker = new ProgressTracker(spec.record.id, this.deps.onProgress);
    // A first map build of a large project takes a while: the live preview says what it is doing.
    const grounding = await this.deps.grounding?.(cwd, store.settings.get(), {
      signal,
      onProgress: mappingProgress(spec.record.id, this.deps.onProgress, this.now),
    });
    const options: RecordOptions<SendPromptResult<unknown>> = {
      required: true, // a generation is its record: without one stored, the CLI is not run
      succeeded: (record, r) => {
        tracker.finish();
        // The one call the spec makes is the one recorded: its data is the spec's.
        return { ...succeeded(record, r), ...spec.outcome(r.data as O) };
      },
      failed: (running, err) => {
        tracker.finish();
        const record = failed(running, err);
        const cancelled = record.status === 'cancelled';
        const kept = spec.partial(tracker.complete().map(unlocked));
        if (record.kind !== 'prompt' && (cancelled || kept.length > 0)) record.stories = kept;
        this.deps.logger[cancelled ? 'info' : 'warn'](
          `Generation ${record.id} ${record.status}: ${record.error?.message}`,
          { code: record.error?.code },
        );
        return record;
      },
    };
    let outcome: Recorded<SendPromptResult<unknown>> | undefined;
    // The generation's record is the one runWorkflow keeps its call in.
    const history: CallHistory = {
      record: async <R>(
        call: RecordedCall,
        send: (request: SendPromptRequest) => Promise<SendPromptResult<R>>,
      ): Promise<SendPromptResult<R>> => {
        const recorded = await this.jobs.record<SendPromptResult<unknown>>(
          store,
          spec.record,
          (sinks) => send({ ...call.request, ...withSinks(sinks, call.request) }),
          options,
        );
        outcome = recorded;
        if (!recorded.ok) throw recorded.error;
        return recorded.result as SendPromptResult<R>;
      },
    };
    const opts: CallOptions = {
      signal,
      cwd,
      preview: tracker.preview,
      onEngineEvent: (e) => tracker.event(e),
      onRetry: (n) => tracker.retry(n),
      ...(spec.record.model ? { model: spec.record.model } : {}),
      ...(grounding ? { grounding } : {}),
    };
    try {
      await spec.call(opts, store, { sendPrompt: this.deps.sendPrompt, history });
    } catch (err) {
      // Failed before its call started (its input could not be read): stored as failed all the same.
      outcome ??= await this.jobs.record(store, spec.record, () => Promise.reject(err), options);
    }
    if (!outcome) throw new Error(`Generation ${spec.record.id} made no call.`);
    if (spec.round)
      await keepRound(store, spec.round, outcome.record, { now: this.now(), logger: this.deps.logger });
    const titleSource = spec.titleSource;
    // No title after a cancel or a timeout: the user stopped waiting (see titleWorthwhile).
    if (titleSource && !signal.aborted && (outcome.ok || titleWorthwhile(outcome.error)))
      this.jobs.inBackground((titleSignal) => this.retitle(store, spec.record.id, titleSource, titleSignal));
    return outcome.record;
  }

  /** Generates the title after the main result (never delaying it) and stores it when it arrives. */
  private async retitle(store: ProjectStore, id: string, text: string, signal: AbortSignal): Promise<void> {
    try {
      const t = await generateTitle(this.deps, text, { signal });
      // Read-modify-write from disk: another face may have changed the record since it was stored here.
      let retitled = false;
      const { record } = await store.history.records.update(id, (latest) => {
        if (!latest) throw new Error('the record is no longer in the history');
        if (latest.title === t.title) return latest;
        retitled = true;
        return { ...latest, title: t.title };
      });
      if (retitled) this.deps.onChanged(record);
    } catch (err) {
      this.deps.logger.error(`Could not store the title of generation ${id}: ${(err as Error).message}`);
    }
  }
}
