import { useEffect, useState, type FormEvent } from 'react';
import type { ProviderName } from '../../../../shared/engines';
import { BASE_URL_PATTERN, type EngineSettings } from '../../../../shared/engineSettings';
import { WORKFLOW_INFO, WORKFLOW_NAMES, type WorkflowName } from '../../../../shared/workflows';
import { useApp, useAppFields } from '../../store/StoreContext';
import { EngineRow } from './EngineRow';

/** The headless prompt always names its engine or takes the default: no row of its own. */
const ROWS = WORKFLOW_NAMES.filter((w) => w !== 'cli-prompt');
const URL_RE = new RegExp(BASE_URL_PATTERN);

/**
 * Which engine answers each workflow: a default engine, per-workflow overrides, and each provider's root URL. The
 * providers, their URL hints and model hints come from main (`engines:providers`): each provider's own folder.
 */
export function EnginesSettings() {
  const { settings, saving, updateSettings, providers, loadProviders } = useAppFields(
    'settings',
    'saving',
    'updateSettings',
    'providers',
    'loadProviders',
  );
  const listModels = useApp((s) => s.listModels);
  const [draft, setDraft] = useState<EngineSettings | null>(null);
  const [models, setModels] = useState<Partial<Record<ProviderName, string[]>>>({});
  const saved = settings?.engines;
  useEffect(() => setDraft(saved ? structuredClone(saved) : null), [saved]);
  useEffect(() => void loadProviders(), [loadProviders]);
  if (!draft || !providers) return null;
  const urlProviders = providers.flatMap((p) =>
    p.baseUrl ? [{ provider: p.name, hint: p.baseUrl.hint }] : [],
  );

  const baseUrlOf = (p: ProviderName) => draft.baseUrls[p] || undefined;
  const fetchModels = async (p: ProviderName) => {
    const list = await listModels(p, baseUrlOf(p));
    setModels((m) => ({ ...m, [p]: list }));
  };
  const setRow = (w: WorkflowName, choice: EngineSettings['default'] | null) => {
    const workflows = { ...draft.workflows };
    if (choice) workflows[w] = choice;
    else delete workflows[w];
    setDraft({ ...draft, workflows });
  };
  const badUrls = urlProviders.filter(({ provider }) => {
    const url = draft.baseUrls[provider];
    return url !== undefined && url !== '' && !URL_RE.test(url);
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (badUrls.length > 0) return;
    const baseUrls = Object.fromEntries(Object.entries(draft.baseUrls).filter(([, u]) => u));
    void updateSettings({ engines: { ...draft, baseUrls } });
  };

  return (
    <form onSubmit={submit} className="form" noValidate aria-labelledby="engines-title">
      <h3 id="engines-title">Engines</h3>
      <p className="muted">
        Which provider and model answer each workflow. A request naming its own still wins.
      </p>
      <table className="engines">
        <thead>
          <tr>
            <th scope="col">Workflow</th>
            <th scope="col">Provider</th>
            <th scope="col">Model</th>
            <th scope="col">Mode</th>
            <th scope="col">Connection</th>
          </tr>
        </thead>
        <tbody>
          <EngineRow
            label="Default engine"
            choice={draft.default}
            onChange={(c) => c && setDraft({ ...draft, default: c })}
            models={models}
            onListModels={(p) => void fetchModels(p)}
            baseUrl={baseUrlOf(draft.default.provider)}
            providers={providers}
          />
          {ROWS.map((w) => (
            <EngineRow
              key={w}
              label={WORKFLOW_INFO[w].label}
              choice={draft.workflows[w] ?? null}
              onChange={(c) => setRow(w, c)}
              models={models}
              onListModels={(p) => void fetchModels(p)}
              baseUrl={draft.workflows[w] ? baseUrlOf(draft.workflows[w].provider) : undefined}
              providers={providers}
              optional
            />
          ))}
        </tbody>
      </table>
      {urlProviders.map(({ provider, hint }) => (
        <div key={provider}>
          <label htmlFor={`base-url-${provider}`}>{provider} base URL</label>
          <input
            id={`base-url-${provider}`}
            value={draft.baseUrls[provider] ?? ''}
            placeholder={hint}
            aria-invalid={badUrls.some((b) => b.provider === provider)}
            onChange={(e) =>
              setDraft({ ...draft, baseUrls: { ...draft.baseUrls, [provider]: e.target.value.trim() } })
            }
            spellCheck={false}
          />
        </div>
      ))}
      {badUrls.length > 0 && <p className="field-error">A base URL starts with http:// or https://.</p>}
      <button type="submit" disabled={saving || badUrls.length > 0}>
        {saving ? 'Saving…' : 'Save engines'}
      </button>
    </form>
  );
}
