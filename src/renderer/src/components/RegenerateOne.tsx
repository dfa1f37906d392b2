import { useState, type FormEvent } from 'react';

interface Props {
  /** What is regenerated, in the button's accessible name and the feedback label, e.g. the story's title. */
  name: string;
  /** 'item' (plan) or 'story' (stories review). */
  what: string;
  /** Where the feedback field's id comes from (unique on the page). */
  idKey: string;
  disabled: boolean;
  /** Resolves true when the regeneration ended well (the form closes). */
  onRegenerate(feedback: string): Promise<boolean>;
}

/** "Regenerate <what>…": opens a form for optional feedback; the others stay as they are (plan items, stories). */
export function RegenerateOne({ name, what, idKey, disabled, onRegenerate }: Props) {
  const [open, setOpen] = useState(false);
  const [feedback, setFeedback] = useState('');
  const feedbackId = `regen-feedback-${idKey}`;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await onRegenerate(feedback.trim())) {
      setFeedback('');
      setOpen(false);
    }
  };
  if (!open)
    return (
      <button
        type="button"
        disabled={disabled}
        aria-label={`Regenerate ${what}: ${name}`}
        onClick={() => setOpen(true)}
      >
        Regenerate {what}…
      </button>
    );
  return (
    <form className="regen-form" onSubmit={(e) => void submit(e)}>
      <label htmlFor={feedbackId}>
        Feedback for {name} (optional; the other {what === 'story' ? 'stories' : `${what}s`} stay as they are)
      </label>
      <textarea id={feedbackId} rows={2} value={feedback} onChange={(e) => setFeedback(e.target.value)} />
      <div className="row">
        <button type="submit" disabled={disabled}>
          Regenerate this {what}
        </button>
        <button type="button" className="subtle" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
