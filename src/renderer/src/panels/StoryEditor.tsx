import { useEffect, useRef, useState, type FormEvent } from 'react';
import { STORY_DRAFT_LIMITS, STORY_STATUSES, type Story, type StoryStatus } from '../../../shared/stories';
import { STATUS_LABEL } from '../lib/backlogFilter';

interface Props {
  story: Story;
  onSave(patch: Pick<Story, 'title' | 'description' | 'acceptanceCriteria' | 'status'>): Promise<boolean>;
  onClose(): void;
}

/** Inline editor of one backlog story: title, description, criteria (one per line), status. */
export function StoryEditor({ story, onSave, onClose }: Props) {
  const [title, setTitle] = useState(story.title);
  const [description, setDescription] = useState(story.description);
  const [criteria, setCriteria] = useState(story.acceptanceCriteria.join('\n'));
  const [status, setStatus] = useState<StoryStatus>(story.status);
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
    if (ok) onClose();
  };

  return (
    <form
      className="form story-editor"
      aria-label={`Edit story ${story.title}`}
      onSubmit={(e) => void submit(e)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
      noValidate
    >
      <label htmlFor="edit-title">Title</label>
      <input
        id="edit-title"
        ref={titleRef}
        value={title}
        maxLength={STORY_DRAFT_LIMITS.title}
        onChange={(e) => setTitle(e.target.value)}
        aria-invalid={titleMissing}
      />
      <label htmlFor="edit-description">Description</label>
      <textarea
        id="edit-description"
        rows={3}
        value={description}
        maxLength={STORY_DRAFT_LIMITS.description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <label htmlFor="edit-criteria">Acceptance criteria (one per line)</label>
      <textarea id="edit-criteria" rows={4} value={criteria} onChange={(e) => setCriteria(e.target.value)} />
      <label htmlFor="edit-status">Status</label>
      <select id="edit-status" value={status} onChange={(e) => setStatus(e.target.value as StoryStatus)}>
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
        <button type="button" onClick={onClose}>
          Close editor
        </button>
      </div>
    </form>
  );
}
