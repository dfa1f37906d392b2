import { useState, type FormEvent } from 'react';
import { useAppFields } from '../store/StoreContext';

const ACTION_LABEL = { created: 'created', updated: 'updated', unchanged: 'unchanged' } as const;

/**
 * Export the sprint's stories as GitHub issues (the same as `puffin github export`): one issue per story, its
 * criteria ticked where their assertions pass now; the token is GITHUB_TOKEN or the GitHub CLI's login.
 */
export function GithubExportPanel({ sprintId }: { sprintId: string }) {
  const { githubExport, githubExporting, exportToGithub } = useAppFields(
    'githubExport',
    'githubExporting',
    'exportToGithub',
  );
  const [repo, setRepo] = useState('');
  const [apiUrl, setApiUrl] = useState('');
  const [closeVerified, setCloseVerified] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void exportToGithub({
      sprintId,
      repo: repo.trim(),
      closeVerified,
      ...(apiUrl.trim() ? { apiUrl: apiUrl.trim() } : {}),
    });
  };
  return (
    <section className="panel" aria-labelledby="github-export-title">
      <h3 id="github-export-title">GitHub issues</h3>
      <form className="row" onSubmit={submit}>
        <label className="inline">
          Repository{' '}
          <input value={repo} onChange={(e) => setRepo(e.target.value)} placeholder="owner/name" required />
        </label>
        <label className="inline">
          API URL (Enterprise){' '}
          <input
            value={apiUrl}
            onChange={(e) => setApiUrl(e.target.value)}
            placeholder="https://api.github.com"
          />
        </label>
        <label className="inline">
          <input
            type="checkbox"
            checked={closeVerified}
            onChange={(e) => setCloseVerified(e.target.checked)}
          />{' '}
          Close verified stories’ issues
        </label>
        <button type="submit" disabled={githubExporting || !repo.trim()}>
          {githubExporting ? 'Exporting…' : 'Export to GitHub'}
        </button>
      </form>
      {githubExport && (
        <>
          <ul aria-label="Exported issues">
            {githubExport.issues.map((i) => (
              <li key={i.storyId}>
                <a href={i.url} target="_blank" rel="noreferrer">
                  #{i.number}
                </a>{' '}
                {ACTION_LABEL[i.action]}
              </li>
            ))}
          </ul>
          {githubExport.warnings.map((w) => (
            <p key={w} className="muted">
              {w}
            </p>
          ))}
        </>
      )}
    </section>
  );
}
