import { EMPTY_META, type Generation } from '../../../shared/stories';
import { clearDraft, readDraft, textDraft, writeDraft } from '../lib/drafts';
import { requestOf, runningGeneration } from './adoptRun';
import { draftOf, roundFrom, sentDrafts } from './reviewRound';
import type { GenerationSlice, RunRequest, Slice } from './types';
import { toUiError, type UiError } from './uiError';

/** The prompt's draft (lib/drafts.ts): what was typed and not yet generated from survives a reload. */
const PROMPT = 'prompt';

export const createGenerationSlice: Slice<GenerationSlice> = (client) => (set, get, api) => {
  // The prompt follows the open project: its own draft comes back when it opens, never another project's text.
  api.subscribe((s, prev) => {
    const path = s.project?.path;
    if (path === prev.project?.path) return;
    const text = path ? (readDraft(path, PROMPT, textDraft) ?? '') : '';
    set({ promptForm: { ...s.promptForm, text } });
  });

  /** The channel each kind of run goes through. */
  function call(id: string, request: RunRequest): Promise<Generation> {
    const model = request.model ? { model: request.model } : {};
    if (request.kind === 'derive')
      return client.call('generation:derive', {
        id,
        prompt: request.prompt,
        deriveStories: request.deriveStories,
        ...model,
      });
    if (request.kind === 'modify')
      return client.call('generation:modify', {
        id,
        parentId: request.parentId,
        feedback: request.feedback,
        stories: request.stories,
        ...model,
      });
    return client.call('generation:regenerateStory', {
      id,
      parentId: request.parentId,
      index: request.index,
      stories: request.stories,
      ...(request.feedback ? { feedback: request.feedback } : {}),
      ...model,
    });
  }

  async function run(request: RunRequest): Promise<boolean> {
    if (get().running) return false;
    const id = crypto.randomUUID();
    set({
      running: { id, request, startedAt: Date.now(), progress: null, cancelling: false },
      genError: null,
      lastRequest: request,
      result: null,
    });
    let gen: Generation;
    try {
      gen = await call(id, request);
    } catch (err) {
      const error = toUiError(err);
      const last = get().running?.progress?.stories ?? [];
      // A cancel reported as an error still keeps the stories that were complete.
      if (error.code === 'cancelled' && last.length > 0 && request.kind === 'derive') {
        gen = {
          id,
          kind: 'derive',
          title: '',
          prompt: request.prompt,
          status: 'cancelled',
          createdAt: new Date().toISOString(),
          warnings: [],
          meta: { ...EMPTY_META },
          stories: last.map((st) => ({ ...draftOf(st), locked: false })),
        };
      } else {
        set({ running: null, genError: error });
        return false;
      }
    }
    return settle(gen, request);
  }

  /** A run has ended: its result, its error, and the review round it opens. Whether it did not fail. */
  function settle(gen: Generation, request: RunRequest): boolean {
    const s = get();
    const round =
      request.kind === 'derive' && !request.deriveStories ? null : roundFrom(gen, request, s.review);
    const failed = gen.status === 'failed';
    const genError: UiError | null = failed
      ? (gen.error ?? { code: 'internal_error', message: 'The generation failed.' })
      : gen.status === 'cancelled' && !round
        ? { code: 'cancelled', message: 'The request was cancelled before any story was complete.' }
        : null;
    set({
      running: null,
      result: gen,
      genError,
      // A new round replaces the one under review; failures, cancels and plain prompts keep it.
      review:
        round ??
        (request.kind === 'derive' && request.deriveStories && gen.status === 'succeeded' ? null : s.review),
    });
    if (round?.reviewId) void get().loadStoryRevisions(round.reviewId);
    return !failed;
  }

  /** Whether the round's drafts can be sent: every one needs a title. */
  function titled(stories: { title: string }[]): boolean {
    const untitled = stories.findIndex((st) => st.title === '');
    if (untitled >= 0)
      set({ genError: { code: 'invalid_draft', message: `Story ${untitled + 1} needs a title.` } });
    return untitled < 0;
  }

  return {
    running: null,
    result: null,
    genError: null,
    lastRequest: null,
    promptForm: { text: '', deriveStories: true, model: '' },
    setPromptForm(patch) {
      set((s) => ({ promptForm: { ...s.promptForm, ...patch } }));
      const path = get().project?.path;
      if (patch.text === undefined || !path) return;
      if (patch.text === '') clearDraft(path, PROMPT);
      else writeDraft(path, PROMPT, patch.text);
    },
    async startGeneration({ prompt, deriveStories, model }) {
      const path = get().project?.path;
      const ok = await run({ kind: 'derive', prompt, deriveStories, ...(model ? { model } : {}) });
      // Generated: the text is no longer a draft, unless the user typed on meanwhile (a failure keeps it).
      const s = get();
      if (ok && path && s.result?.status === 'succeeded' && s.promptForm.text.trim() === prompt)
        clearDraft(path, PROMPT);
    },
    async requestChanges(feedback) {
      const { review, lastRequest } = get();
      if (!review) return false;
      const stories = sentDrafts(review.items.filter((i) => i.decision !== 'rejected'));
      if (!titled(stories)) return false;
      const model = lastRequest?.model;
      return run({
        kind: 'modify',
        parentId: review.generationId,
        feedback,
        stories,
        ...(model ? { model } : {}),
      });
    },
    async regenerateStory(index, feedback) {
      const { review, lastRequest } = get();
      if (!review) return false;
      // Every story is sent as the user has it now (rejected ones too, so positions hold); only `index` changes.
      const stories = sentDrafts(review.items);
      if (!titled(stories)) return false;
      const model = lastRequest?.model;
      return run({
        kind: 'regenerate',
        parentId: review.generationId,
        index,
        stories,
        ...(feedback ? { feedback } : {}),
        ...(model ? { model } : {}),
      });
    },
    async retryGeneration() {
      const req = get().lastRequest;
      if (req) await run(req);
    },
    async cancelGeneration() {
      const running = get().running;
      if (!running || running.cancelling) return;
      set({ running: { ...running, cancelling: true } });
      try {
        await client.call('generation:cancel', { id: running.id });
      } catch (err) {
        const current = get().running;
        set({
          genError: toUiError(err),
          running: current && current.id === running.id ? { ...current, cancelling: false } : current,
        });
      }
    },
    receiveProgress(progress) {
      const running = get().running;
      if (!running || running.id !== progress.id) return; // another window's or a finished generation
      set({ running: { ...running, progress } });
    },
    clearGenError() {
      set({ genError: null });
    },
    adoptRunning() {
      const { running, generations, review } = get();
      const gen = runningGeneration(generations);
      if (running || !gen) return;
      const request = requestOf(gen, generations, review);
      const startedAt = Date.parse(gen.createdAt);
      set({
        running: {
          id: gen.id,
          request,
          startedAt: Number.isFinite(startedAt) ? startedAt : Date.now(),
          progress: null,
          cancelling: false,
          adopted: true,
        },
        lastRequest: request,
      });
    },
    generationChanged(gen) {
      const running = get().running;
      // Only a run adopted after a reload ends here: one this page started ends when its call returns.
      if (!running?.adopted || running.id !== gen.id || gen.status === 'running') return;
      settle(gen, running.request);
    },
  };
};
