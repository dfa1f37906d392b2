/**
 * The live preview of a sprint's model step: each plan item (generate, refine, regenerate item) and question
 * (analyze) is sent as `plan:preview` the moment its JSON closes, as stories are while they are derived.
 */
import type { AmbiguityQuestion, PlanItem, PlanPreview } from '../../shared/plans';
import type { PreviewEvent } from '../llm/promptTypes';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
// Only what the screen shows is checked; the final validation reports anything else.
const looksLikeItem = (v: unknown): v is PlanItem =>
  isObject(v) && typeof v.storyId === 'string' && typeof v.title === 'string';
const looksLikeQuestion = (v: unknown): v is AmbiguityQuestion =>
  isObject(v) && typeof v.question === 'string';

/** A preview listener for one call; `send` gets everything complete so far after each new element. */
export function planPreview(sprintId: string, send: (p: PlanPreview) => void): (e: PreviewEvent) => void {
  let planItems: PlanItem[] = [];
  let questions: AmbiguityQuestion[] = [];
  const emit = () =>
    send({ sprintId, planItems: planItems.filter(Boolean), questions: questions.filter(Boolean) });
  return (event) => {
    if (event.type === 'reset') {
      planItems = [];
      questions = [];
      return emit();
    }
    if (event.type !== 'item') return;
    const at = event.path.join('.');
    if ((at === 'planItems' || at === 'plan.planItems') && looksLikeItem(event.value))
      planItems[event.index] = event.value;
    else if (at === 'questions' && looksLikeQuestion(event.value)) questions[event.index] = event.value;
    else return;
    emit();
  };
}
