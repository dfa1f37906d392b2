import { useState, type FormEvent } from 'react';
import { STORE_DIR } from '../../../shared/project';
import { useApp, useAppFields } from '../store/StoreContext';

/** Client-side hint only; main validates for real (exists, is a folder, writable). */
export function pathProblem(path: string): string | null {
  const p = path.trim();
  if (p === '') return 'Enter the folder of your project.';
  if (!(p.startsWith('/') || p.startsWith('~') || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith('\\\\')))
    return 'Use a full path, like /home/me/my-app.';
  return null;
}

// A stable empty list: a fresh [] per render would make the store selector loop forever.
const NO_RECENT: string[] = [];

export function OpenProject() {
  const nativeDialogs = useApp((s) => s.info?.nativeDialogs ?? false);
  const recent = useApp((s) => s.settings?.recentProjects ?? NO_RECENT);
  const { opening, openProject, pickProjectFolder, forgetRecent } = useAppFields(
    'opening',
    'openProject',
    'pickProjectFolder',
    'forgetRecent',
  );
  const [path, setPath] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = pathProblem(path);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!problem) void openProject(path.trim());
  };

  return (
    <section className="panel" aria-labelledby="open-project-title">
      <h2 id="open-project-title">Open a project</h2>
      <p className="muted">
        Puffin keeps its stories, plans and assertions in a {STORE_DIR} folder inside the project.
      </p>
      {nativeDialogs && (
        <button type="button" onClick={() => void pickProjectFolder()} disabled={opening}>
          Choose folder…
        </button>
      )}
      <form onSubmit={submit} className="row" noValidate>
        <label htmlFor="project-path">Project folder</label>
        <input
          id="project-path"
          value={path}
          placeholder="/home/me/my-app"
          onChange={(e) => setPath(e.target.value)}
          onBlur={() => setTouched(true)}
          aria-invalid={touched && problem !== null}
          aria-describedby="project-path-hint"
          spellCheck={false}
        />
        <button type="submit" disabled={opening}>
          {opening ? 'Opening…' : 'Open'}
        </button>
      </form>
      <p id="project-path-hint" className={touched && problem ? 'field-error' : 'muted'}>
        {touched && problem ? problem : 'The full path of a folder you can write to.'}
      </p>
      {recent.length > 0 && (
        <>
          <h3>Recent projects</h3>
          <ul className="recent" aria-label="Recent projects">
            {recent.map((p) => (
              <li key={p}>
                <button type="button" className="link" onClick={() => void openProject(p)} disabled={opening}>
                  {p}
                </button>
                <button
                  type="button"
                  className="subtle"
                  aria-label={`Forget ${p}`}
                  onClick={() => void forgetRecent(p)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
