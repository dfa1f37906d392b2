import { EMPTY_META, type Generation, type ReviewDraft, type StoryDraft } from '../../../shared/stories';
import { diffStories } from '../lib/storyDiff';
import type { AppState, GenerationSlice, ReviewItem, RunRequest, Slice } from './types';
import { toUiError, type UiError } from './uiError';

let keySeq = 0;
export const newKey = (): string => `r${++keySeq}`;

const draftOf = (d: StoryDraft): StoryDraft => ({
  title: d.title,
  description: d.description,
  acceptanceCriteria: [...d.acceptanceCriteria],
});

/** The review round a finished derive/modify generation opens, or null when there is nothing to review. */
function roundFrom(gen: Generation, request: RunRequest, s: AppState): AppState['review'] {
  const stories: ReviewDraft[] = gen.stories ?? [];
  if (stories.length === 0) return null;
  const items: ReviewItem[] = stories.map((st) => ({
    key: newKey(),
    draft: draftOf(st),
    decision: st.locked ? 'accepted' : 'pending',
  }));
  const modify = request.kind === 'modify';
  return {
    generationId: gen.id,
    round: modify && s.review ? s.review.round + 1 : 1,
    items,
    diff: modify ? diffStories(request.stories, stories) : null,
    partial: gen.status === 'cancelled',
  };
}

export const createGenerationSlice: Slice<GenerationSlice> = (client) => (set, get) => {
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
      gen =
        request.kind === 'derive'
          ? await client.call('generation:derive', {
              id,
              prompt: request.prompt,
              deriveStories: request.deriveStories,
              ...(request.model ? { model: request.model } : {}),
            })
          : await client.call('generation:modify', {
              id,
              parentId: request.parentId,
              feedback: request.feedback,
              stories: request.stories,
              ...(request.model ? { model: request.model } : {}),
            });
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
    const s = get();
    const round = request.kind === 'derive' && !request.deriveStories ? null : roundFrom(gen, request, s);
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
    return !failed;
  }

  return {
    running: null,
    result: null,
    genError: null,
    lastRequest: null,
    promptForm: { text: '', deriveStories: true, model: '' },
    setPromptForm(patch) {
      set((s) => ({ promptForm: { ...s.promptForm, ...patch } }));
    },
    async startGeneration({ prompt, deriveStories, model }) {
      await run({ kind: 'derive', prompt, deriveStories, ...(model ? { model } : {}) });
    },
    async requestChanges(feedback) {
      const { review, lastRequest } = get();
      if (!review) return false;
      const stories: ReviewDraft[] = review.items
        .filter((i) => i.decision !== 'rejected')
        .map((i) => ({
          title: i.draft.title.trim(),
          description: i.draft.description,
          acceptanceCriteria: i.draft.acceptanceCriteria.filter((c) => c.trim() !== ''),
          locked: i.decision === 'accepted',
        }));
      const untitled = stories.findIndex((st) => st.title === '');
      if (untitled >= 0) {
        set({ genError: { code: 'invalid_draft', message: `Story ${untitled + 1} needs a title.` } });
        return false;
      }
      const model = lastRequest?.model;
      return run({
        kind: 'modify',
        parentId: review.generationId,
        feedback,
        stories,
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
  };
};
