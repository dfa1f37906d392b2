import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ProjectSettings } from '../../../shared/stories';
import { fieldsDraft } from '../lib/drafts';
import { useDraft } from '../lib/useDraft';
import { useAppFields } from '../store/StoreContext';

const acceptForm = fieldsDraft([
  'description',
  'stack',
  'conventions',
  'neverTouch',
  'allowSensitive',
] as const);
type Form = NonNullable<ReturnType<typeof acceptForm>>;

const lines = (list: readonly string[] | undefined): string => (list ?? []).join('\n');
const paths = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');

function formOf(s: ProjectSettings): Form {
  return {
    description: s.description,
    stack: s.stack ?? '',
    conventions: s.conventions,
    neverTouch: lines(s.neverTouch),
    allowSensitive: lines(s.allowSensitive),
  };
}

/**
 * The project context (`.puffin/project.json`): what the project is, what it is built with, how code is written
 * there and which paths no work may touch — it goes into every prompt — plus the secrets-looking or git-ignored
 * paths generations may read anyway. A draft can be imported from the project's README, CLAUDE.md and AGENTS.md.
 * What was typed (or imported) and not yet saved is a draft (`context`) that a reload keeps until it is saved.
 */
export function ProjectContextPanel() {
  const { project, projectSettings, loadProjectSettings, saveProjectSettings, importProjectContext } =
    useAppFields(
      'project',
      'projectSettings',
      'loadProjectSettings',
      'saveProjectSettings',
      'importProjectContext',
    );
  const [form, showForm] = useState<Form | null>(null);
  const [status, setStatus] = useState('');
  const path = project?.path;
  const draft = useDraft('context', acceptForm);
  /** The project whose draft was restored: the draft comes back once, then saved settings replace the form. */
  const restoredFor = useRef<string | null>(null);

  useEffect(() => {
    if (path) void loadProjectSettings();
  }, [path, loadProjectSettings]);
  useEffect(() => {
    if (!projectSettings || !path) return;
    const first = restoredFor.current !== path;
    restoredFor.current = path;
    showForm((first ? draft.restore() : null) ?? formOf(projectSettings));
  }, [projectSettings, path, draft]);
  const setForm = (next: Form) => {
    showForm(next);
    draft.save(next);
  };

  if (!project) return null;
  if (!form) return <p className="muted">Loading the project context…</p>;
  const field = (key: keyof Form) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value }),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const saved = await saveProjectSettings({
      description: form.description.trim(),
      stack: form.stack.trim(),
      conventions: form.conventions.trim(),
      neverTouch: paths(form.neverTouch),
      allowSensitive: paths(form.allowSensitive),
    });
    if (saved) draft.clear();
    setStatus(saved ? 'Saved: it goes into every prompt from now on.' : '');
  };

  const importDraft = async () => {
    const draft = await importProjectContext();
    if (!draft) return;
    if (draft.from.length === 0) {
      setStatus('No README.md, CLAUDE.md, AGENTS.md or package.json to import from.');
      return;
    }
    setForm({
      ...form,
      description: draft.description || form.description,
      stack: draft.stack || form.stack,
      conventions: draft.conventions || form.conventions,
    });
    setStatus(`Imported from ${draft.from.join(', ')}: review, then save.`);
  };

  return (
    <section className="panel" aria-labelledby="project-context-title">
      <h2 id="project-context-title">Project context</h2>
      <p className="muted" data-testid="grounding-mode">
        {project.hermetic
          ? 'Opened hermetic: generations do not read this project.'
          : 'Generations about code read this project (read-only: no writes, no shell, nothing outside it).'}
      </p>
      <form className="form" onSubmit={(e) => void submit(e)}>
        <label htmlFor="project-description">What the project is</label>
        <textarea id="project-description" rows={3} {...field('description')} />
        <label htmlFor="project-stack">Stack</label>
        <input id="project-stack" placeholder="e.g. TypeScript, React, Electron" {...field('stack')} />
        <label htmlFor="project-conventions">Conventions</label>
        <textarea id="project-conventions" rows={5} {...field('conventions')} />
        <label htmlFor="project-never-touch">Paths never to touch (one per line)</label>
        <textarea id="project-never-touch" rows={3} placeholder="migrations/" {...field('neverTouch')} />
        <label htmlFor="project-allow-sensitive">
          Sensitive or git-ignored paths generations may read (one per line)
        </label>
        <textarea
          id="project-allow-sensitive"
          rows={2}
          placeholder=".env.example"
          aria-describedby="project-allow-sensitive-hint"
          {...field('allowSensitive')}
        />
        <p id="project-allow-sensitive-hint" className="hint">
          By default .env files, private keys and whatever git ignores are refused.
        </p>
        <div className="row">
          <button type="submit">Save project context</button>
          <button type="button" className="subtle" onClick={() => void importDraft()}>
            Import from CLAUDE.md / AGENTS.md / README
          </button>
        </div>
        {status && (
          <p role="status" className="muted">
            {status}
          </p>
        )}
      </form>
    </section>
  );
}
