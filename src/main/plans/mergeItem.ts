/**
 * Regenerating one plan item while the others stay locked: the model's answer contributes exactly one item,
 * everything else comes from the current plan unchanged (same objects, so byte-identical when serialised).
 */
import type { Plan, PlanItem } from '../../shared/schema-types';
import { ServiceError } from '../base/errors';

export type PlanMergeErrorCode =
  /** The regenerated plan has no item for the story. */
  | 'item_missing'
  /** The regenerated plan (or the current one) has several items for the story: which one is meant is unclear. */
  | 'item_ambiguous'
  /** A single regenerated item was given, but for another story. */
  | 'story_mismatch'
  /** The current plan has no item for the story, so there is nothing to replace. */
  | 'not_in_plan';

/** A ServiceError, so it crosses IPC as `{code, message}`; its codes must be in the shared list. */
export class PlanMergeError extends ServiceError<PlanMergeErrorCode> {
  override readonly name = 'PlanMergeError';
}

/**
 * The current plan with `storyId`'s item replaced by the regenerated one. `regenerated` may be a whole plan
 * (only that story's item is taken) or a single item. Kept from `current`, deliberately:
 * - every other item, the item's position in the list and its `order` (the order of the locked items is what
 *   the user reviewed; a whole-plan answer may renumber freely);
 * - sharedComponents, risks and implementationOrder, even if the model changed entries about this story:
 *   telling those apart from edits to locked stories is guesswork, and the graph checks flag any new
 *   inconsistency (e.g. a new dependency) for the user to refine.
 */
export function mergeRegeneratedItem(current: Plan, storyId: string, regenerated: Plan | PlanItem): Plan {
  const fresh = pickItem(storyId, regenerated);
  const slots = current.planItems.filter((i) => i.storyId === storyId);
  if (slots.length === 0) {
    throw new PlanMergeError(
      'not_in_plan',
      `The current plan has no item for story ${storyId} to regenerate.`,
    );
  }
  if (slots.length > 1) {
    throw new PlanMergeError(
      'item_ambiguous',
      `The current plan has ${slots.length} items for story ${storyId}; refine the plan to leave one first.`,
    );
  }
  const slot = slots[0]!;
  const replacement = schemaItem({ ...fresh, order: slot.order });
  return { ...current, planItems: current.planItems.map((i) => (i === slot ? replacement : i)) };
}

function pickItem(storyId: string, regenerated: Plan | PlanItem): PlanItem {
  if (!('planItems' in regenerated)) {
    if (regenerated.storyId !== storyId) {
      throw new PlanMergeError(
        'story_mismatch',
        `The regenerated item is for story ${regenerated.storyId}, not ${storyId}.`,
      );
    }
    return regenerated;
  }
  const found = regenerated.planItems.filter((i) => i.storyId === storyId);
  if (found.length === 0) {
    throw new PlanMergeError('item_missing', `The regenerated plan has no item for story ${storyId}.`);
  }
  if (found.length > 1) {
    throw new PlanMergeError(
      'item_ambiguous',
      `The regenerated plan has ${found.length} items for story ${storyId}; expected one.`,
    );
  }
  return found[0]!;
}

/** A fresh copy in the schema's key order, without stray keys, sharing no arrays with the model's output. */
function schemaItem(i: PlanItem): PlanItem {
  return {
    order: i.order,
    storyId: i.storyId,
    title: i.title,
    approach: i.approach,
    filesCreated: [...i.filesCreated],
    filesModified: [...i.filesModified],
    dependencies: [...i.dependencies],
    complexity: i.complexity,
    notes: i.notes,
  };
}
