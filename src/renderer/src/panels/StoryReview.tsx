import type { FormEvent } from 'react';
import { textDraft } from '../lib/drafts';
import { useDraftState } from '../lib/useDraft';
import { plural } from '../lib/format';
import type { StoryChange } from '../lib/storyDiff';
import { useAppFields } from '../store/StoreContext';
import { ReviewCard } from './ReviewCard';
import { RoundDiff } from './RoundDiff';
import { StoryRevisionsPanel } from './StoryRevisionsPanel';

/** The drafts of the current round: edit, accept/reject, request changes, add the accepted to the backlog. */
export function StoryReview() {
  const { review, running, accepting, requestChanges, addAcceptedToBacklog, dismissReview } = useAppFields(
    'review',
    'running',
    'accepting',
    'requestChanges',
    'addAcceptedToBacklog',
    'dismissReview',
  );
  // Feedback not yet sent is a draft (one open review per project): a reload keeps it until changes are requested.
  const [feedback, setFeedback, clearFeedback] = useDraftState('review-feedback', textDraft, () => '');
  if (!review) return null;

  const busy = running !== null || accepting;
  const count = (d: string) => review.items.filter((i) => i.decision === d).length;
  const accepted = count('accepted');
  const rejected = count('rejected');
  const changeAt = new Map<number, StoryChange>();
  for (const c of review.diff ?? []) if (c.kind !== 'removed') changeAt.set(c.index, c);

  const onRequest = async (e: FormEvent) => {
    e.preventDefault();
    if (feedback.trim() === '' || busy) return;
    if (!(await requestChanges(feedback.trim()))) return;
    setFeedback('');
    clearFeedback();
  };

  return (
    <section className="panel review" aria-labelledby="review-title">
      <h2 id="review-title">
        Review stories <span className="muted">· round {review.round}</span>
      </h2>
      {review.partial && (
        <p role="status" className="notice info">
          The generation was cancelled: these are the {plural(review.items.length, 'story', 'stories')} that
          were complete.
        </p>
      )}
      {review.diff && (
        <RoundDiff
          changes={review.diff}
          title={`Changes in round ${review.round}, from the stories you sent`}
          listName="Changes since the previous round"
        />
      )}
      <ol className="review-list" aria-label="Stories under review">
        {review.items.map((item, i) => (
          <ReviewCard key={item.key} item={item} n={i + 1} change={changeAt.get(i)} busy={busy} />
        ))}
      </ol>
      <div className="row review-actions">
        <span aria-live="polite">
          {accepted} accepted · {rejected} rejected · {review.items.length - accepted - rejected} to decide
        </span>
        <button
          type="button"
          className="primary"
          disabled={accepted === 0 || busy}
          onClick={() => void addAcceptedToBacklog()}
        >
          Add accepted to backlog
        </button>
        <button
          type="button"
          className="subtle"
          onClick={() => {
            clearFeedback();
            dismissReview();
          }}
          disabled={busy}
        >
          Discard review
        </button>
      </div>
      <form className="form feedback" onSubmit={(e) => void onRequest(e)} noValidate>
        <label htmlFor="review-feedback">Feedback</label>
        <textarea
          id="review-feedback"
          rows={3}
          value={feedback}
          onChange={(e) => setFeedback(e.target.value)}
          placeholder="What should change? e.g. split story 2, add error cases…"
          aria-describedby="review-feedback-hint"
        />
        <p className="muted" id="review-feedback-hint">
          Accepted stories are locked and come back unchanged; rejected stories are left out.
        </p>
        <button type="submit" disabled={feedback.trim() === '' || busy}>
          Request changes
        </button>
      </form>
      <StoryRevisionsPanel busy={busy} />
    </section>
  );
}
