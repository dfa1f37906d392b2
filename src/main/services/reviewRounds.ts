/** How a stories round finds its review and its stories, and is kept as the review's next revision. */
import type { ReviewDraft, Generation } from '../../shared/stories';
import type { StoryRevisionKind } from '../../shared/storyRevisions';
import { ServiceError } from '../base/errors';
import type { Logger } from '../base/logger';
import type { ProjectStore } from '../store/projectStore';
import { revisionLogOf } from './storyRevisionLog';

/** The revision a round with stories adds to its review. */
export interface Round {
  kind: StoryRevisionKind;
  regeneratedIndex?: number;
}

/** The review a round continues: its parent's (a parent from before reviews were kept starts one). */
export async function reviewOf(store: ProjectStore, parentId: string): Promise<string> {
  const parent = await store.history.get(parentId);
  return parent?.reviewId ?? parentId;
}

/** The feature request a review started from (its derive generation's prompt), when it is stored. */
export async function requestOf(
  store: ProjectStore,
  reviewId: string | undefined,
): Promise<string | undefined> {
  if (!reviewId) return undefined;
  const root = await store.history.get(reviewId);
  return root?.kind === 'derive' ? root.prompt : undefined;
}

/** The stories of a stored generation (headless rounds start from them). */
export async function storiesOf(store: ProjectStore, generationId: string): Promise<ReviewDraft[]> {
  const g = await store.history.get(generationId);
  if (!g?.stories?.length)
    throw new ServiceError('not_found', `Generation ${generationId} has no stories in this project.`);
  return g.stories;
}

/** Keeps a round that opened with stories as its review's next revision; never fails the generation. */
export async function keepRound(
  store: ProjectStore,
  round: Round,
  g: Generation,
  deps: { now: Date; logger: Logger },
): Promise<void> {
  if (!g.reviewId || !g.stories?.length) return;
  try {
    await revisionLogOf(store).append(
      g.reviewId,
      {
        kind: round.kind,
        generationId: g.id,
        stories: g.stories,
        ...(g.feedback ? { feedback: g.feedback } : {}),
        ...(round.regeneratedIndex !== undefined ? { regeneratedIndex: round.regeneratedIndex } : {}),
      },
      deps.now,
    );
  } catch (err) {
    deps.logger.error(
      `Could not keep the round of generation ${g.id} as a revision: ${(err as Error).message}`,
    );
  }
}
