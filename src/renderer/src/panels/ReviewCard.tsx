import { useEffect, useRef, useState } from 'react';
import { STORY_DRAFT_LIMITS } from '../../../shared/stories';
import { RegenerateOne } from '../components/RegenerateOne';
import type { StoryChange } from '../lib/storyDiff';
import { useAppFields } from '../store/StoreContext';
import type { Decision, ReviewItem } from '../store/types';

interface Props {
  item: ReviewItem;
  /** 1-based position, used in every control's accessible name. */
  n: number;
  change?: StoryChange;
  busy: boolean;
}

const BADGE: Partial<Record<StoryChange['kind'], string>> = { added: 'new', changed: 'changed' };
/** The two decisions a draft can take; pressing the taken one again takes it back (pending). */
const DECISIONS: { value: Exclude<Decision, 'pending'>; verb: string; done: string }[] = [
  { value: 'accepted', verb: 'Accept', done: 'Accepted' },
  { value: 'rejected', verb: 'Reject', done: 'Rejected' },
];

/** One draft under review: editable fields and criteria, and the accept/reject decision. */
export function ReviewCard({ item, n, change, busy }: Props) {
  const { editDraft, addCriterion, removeCriterion, moveCriterion, decide, regenerateStory } = useAppFields(
    'editDraft',
    'addCriterion',
    'removeCriterion',
    'moveCriterion',
    'decide',
    'regenerateStory',
  );
  const { draft, decision, key } = item;
  const locked = decision === 'accepted';
  const criteria = draft.acceptanceCriteria;
  const badge = change ? BADGE[change.kind] : undefined;
  // After "+ Add criterion" the new field takes the focus, so what is typed next goes into it.
  const criteriaRef = useRef<HTMLOListElement>(null);
  const [focusNew, setFocusNew] = useState(false);
  useEffect(() => {
    if (!focusNew) return;
    setFocusNew(false);
    criteriaRef.current?.querySelector<HTMLInputElement>('li:last-child input')?.focus();
  }, [focusNew, criteria.length]);

  return (
    <li className={`review-card ${decision}`} data-decision={decision}>
      <fieldset disabled={locked || busy} aria-label={`Story ${n}`}>
        <legend>
          Story {n}
          {badge && <span className={`badge ${badge}`}>{badge}</span>}
          {locked && <span className="badge locked">accepted · locked</span>}
          {decision === 'rejected' && <span className="badge rejected">rejected</span>}
        </legend>
        <label htmlFor={`${key}-title`}>Title</label>
        <input
          id={`${key}-title`}
          aria-label={`Story ${n} title`}
          value={draft.title}
          maxLength={STORY_DRAFT_LIMITS.title}
          aria-invalid={draft.title.trim() === ''}
          onChange={(e) => editDraft(key, { title: e.target.value })}
        />
        <label htmlFor={`${key}-description`}>Description</label>
        <textarea
          id={`${key}-description`}
          aria-label={`Story ${n} description`}
          rows={3}
          value={draft.description}
          maxLength={STORY_DRAFT_LIMITS.description}
          onChange={(e) => editDraft(key, { description: e.target.value })}
        />
        <span className="label">Acceptance criteria</span>
        <ol ref={criteriaRef} className="criteria" aria-label={`Story ${n} acceptance criteria`}>
          {criteria.map((c, j) => (
            <li key={j} className="row">
              <input
                aria-label={`Story ${n} criterion ${j + 1}`}
                value={c}
                maxLength={STORY_DRAFT_LIMITS.criterion}
                onChange={(e) =>
                  editDraft(key, {
                    acceptanceCriteria: criteria.map((x, k) => (k === j ? e.target.value : x)),
                  })
                }
              />
              <button
                type="button"
                className="icon"
                aria-label={`Move story ${n} criterion ${j + 1} up`}
                disabled={j === 0}
                onClick={() => moveCriterion(key, j, -1)}
              >
                ↑
              </button>
              <button
                type="button"
                className="icon"
                aria-label={`Move story ${n} criterion ${j + 1} down`}
                disabled={j === criteria.length - 1}
                onClick={() => moveCriterion(key, j, 1)}
              >
                ↓
              </button>
              <button
                type="button"
                className="icon"
                aria-label={`Remove story ${n} criterion ${j + 1}`}
                onClick={() => removeCriterion(key, j)}
              >
                ×
              </button>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="link"
          aria-label={`Add criterion to story ${n}`}
          disabled={criteria.length >= STORY_DRAFT_LIMITS.criteria}
          onClick={() => {
            addCriterion(key);
            setFocusNew(true);
          }}
        >
          + Add criterion
        </button>
      </fieldset>
      <div className="row decision">
        {DECISIONS.map(({ value, verb, done }) => (
          <button
            key={value}
            type="button"
            aria-label={`${verb} story ${n}`}
            aria-pressed={decision === value}
            disabled={busy}
            onClick={() => decide(key, decision === value ? 'pending' : value)}
          >
            {decision === value ? done : verb}
          </button>
        ))}
        <RegenerateOne
          name={`story ${n}`}
          what="story"
          idKey={key}
          disabled={busy || decision !== 'pending'}
          onRegenerate={(feedback) => regenerateStory(n - 1, feedback)}
        />
      </div>
    </li>
  );
}
