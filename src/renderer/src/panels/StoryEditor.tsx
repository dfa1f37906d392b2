import { useEffect, useRef, useState, type FormEvent } from 'react';
import { STORY_DRAFT_LIMITS, STORY_STATUSES, type Story, type StoryStatus } from '../../../shared/stories';
import { STATUS_LABEL } from '../lib/backlogFilter';
import { fieldsDraft } from '../lib/drafts';
import { useDraftState } from '../lib/useDraft';

interface Props {
  story: Story;
  onSave(patch: Pick<Story, 'title' | 'description' | 'acceptanceCriteria' | 'status'>): Promise<boolean>;
  onClose(): void;
}

const acceptForm = fieldsDraft(['title', 'description', 'criteria', 'status'] as const);
type Form = NonNullable<ReturnType<typeof acceptForm>>;

const formOf = (story: Story): Form => ({
  title: story.title,
  description: story.description,
  criteria: story.acceptanceCriteria.join('\n'),
  status: story.status,
});
const isStatus = (s: string): s is StoryStatus => (STORY_STATUSES as readonly string[]).includes(s);

/**
 * Inline editor of one backlog story: title, description, criteria (one per line), status. Unsaved edits are a
 * draft (`story:<id>`) that a reload keeps; saving or closing the editor ends it.
 */
export function StoryEditor({ story, onSave, onClose }: Props) {
  const [form, setForm, clearDraft] = useDraftState(`story:${story.id}`, acceptForm, () => formOf(story));
  const { title, description, criteria } = form;
  const status = isStatus(form.status) ? form.status : story.status;
  const edit = (patch: Partial<Form>) => setForm({ ...form, ...patch });
  const close = () => {
    clearDraft();
    onClose();
  };
  const [saving, setSaving] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  useEffect(() => titleRef.current?.focus(), []);
  const titleMissing = title.trim() === '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (titleMissing) return;
    setSaving(true);
    const ok = await onSave({
      title: title.trim(),
      description,
      acceptanceCriteria: criteria
        .split('\n')
        .map((c) => c.trim())
        .filter(Boolean),
      status,
    });
    setSaving(false);
    if (ok) close();
  };

  return (
    <form
      className="form story-editor"
      aria-label={`Edit story ${story.title}`}
      onSubmit={(e) => void submit(e)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') close();
      }}
      noValidate
    >
      <label htmlFor="edit-title">Title</label>
      <input
        id="edit-title"
        ref={titleRef}
        value={title}
        maxLength={STORY_DRAFT_LIMITS.title}
        onChange={(e) => edit({ title: e.target.value })}
        aria-invalid={titleMissing}
      />
      <label htmlFor="edit-description">Description</label>
      <textarea
        id="edit-description"
        rows={3}
        value={description}
        maxLength={STORY_DRAFT_LIMITS.description}
        onChange={(e) => edit({ description: e.target.value })}
      />
      <label htmlFor="edit-criteria">Acceptance criteria (one per line)</label>
      <textarea
        id="edit-criteria"
        rows={4}
        value={criteria}
        onChange={(e) => edit({ criteria: e.target.value })}
      />
      <label htmlFor="edit-status">Status</label>
      <select id="edit-status" value={status} onChange={(e) => edit({ status: e.target.value })}>
        {STORY_STATUSES.map((s) => (
          <option key={s} value={s}>
            {STATUS_LABEL[s]}
          </option>
        ))}
      </select>
      <div className="row">
        <button type="submit" disabled={saving || titleMissing}>
          Save story
        </button>
        <button type="button" onClick={close}>
          Close editor
        </button>
      </div>
    </form>
  );
}
