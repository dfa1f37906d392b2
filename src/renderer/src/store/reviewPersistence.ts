/**
 * The open stories review, kept in the project store as it changes (every edit, decision and new round), so a
 * reload, a crash or a closed tab loses nothing; restored when the project opens.
 */
import type { OpenReview } from '../../../shared/schema-types';
import type { Client } from '../bridge/client';
import type { Generation } from '../../../shared/stories';
import { draftOf, itemsOf, newKey } from './reviewRound';
import type { ReviewRound } from './types';

type OpenReviewRequest = Omit<OpenReview, 'savedAt'>;

export function toOpenReview(r: ReviewRound): OpenReviewRequest {
  return {
    generationId: r.generationId,
    ...(r.reviewId ? { reviewId: r.reviewId } : {}),
    round: r.round,
    partial: r.partial,
    items: r.items.map((i) => ({ draft: draftOf(i.draft), decision: i.decision })),
  };
}

/** A saved review as a round under review again (what changed against the round before is not kept). */
export function fromOpenReview(o: OpenReview): ReviewRound {
  return {
    generationId: o.generationId,
    reviewId: o.reviewId ?? null,
    round: o.round,
    items: o.items.map((i) => ({ key: newKey(), draft: draftOf(i.draft), decision: i.decision })),
    diff: null,
    partial: o.partial,
  };
}

/** A finished generation's stories opened into review from History (e.g. it finished after the tab closed). */
export function roundOfGeneration(g: Generation): ReviewRound | null {
  if (!g.stories?.length) return null;
  return {
    generationId: g.id,
    reviewId: g.reviewId ?? null,
    round: 1,
    items: itemsOf(g.stories),
    diff: null,
    partial: g.status === 'cancelled',
  };
}

/**
 * Saves the latest state without piling up requests: one call in flight; changes made meanwhile are saved once
 * it ends, as the state is then (typing a title sends a few saves, not one per key waiting in a queue).
 */
export function reviewSaver(client: Client, onError: (err: unknown) => void) {
  let latest: ReviewRound | null = null;
  let dirty = false;
  let running: Promise<void> | null = null;
  async function drain(): Promise<void> {
    while (dirty) {
      dirty = false;
      const review = latest;
      try {
        if (review) await client.call('review:save', { review: toOpenReview(review) });
        else await client.call('review:close', {});
      } catch (err) {
        onError(err);
      }
    }
    running = null;
  }
  return {
    save(review: ReviewRound | null): void {
      latest = review;
      dirty = true;
      running ??= drain();
    },
    /** Resolves when everything asked so far is saved. */
    idle: (): Promise<void> => running ?? Promise.resolve(),
  };
}
