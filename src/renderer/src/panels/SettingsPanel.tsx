import { useEffect, useState, type FormEvent } from 'react';
import { requestSchemas } from '../../../shared/ipc/contract';
import type { Theme } from '../../../shared/settings';
import { CliLocationLine } from '../components/CliLocationLine';
import { useApp, useAppFields } from '../store/StoreContext';
import { EnginesSettings } from './settings/EnginesSettings';
import { KeysSettings } from './settings/KeysSettings';
import { TrackerKeysSettings } from './settings/TrackerKeysSettings';

const THEMES: Theme[] = ['system', 'light', 'dark'];
/** What main accepts as a model name (the contract's settings:update schema), checked before sending. */
const MODEL_FIELD = requestSchemas['settings:update'].properties.defaultModel;
const MODEL_NAME = new RegExp(MODEL_FIELD.pattern);

export function SettingsPanel() {
  const { settings, saving, updateSettings } = useAppFields('settings', 'saving', 'updateSettings');
  const userDataDir = useApp((s) => s.info?.userDataDir ?? '');
  const logFile = useApp((s) => s.info?.logFile ?? '');
  const cliLocation = useApp((s) => s.cliLocation);
  const locateCli = useApp((s) => s.locateCli);
  const openLogFile = useApp((s) => s.openLogFile);
  const [claudePath, setClaudePath] = useState('');
  const [maxConcurrent, setMaxConcurrent] = useState('2');
  const [defaultModel, setDefaultModel] = useState('');
  const [theme, setTheme] = useState<Theme>('system');
  const [agentShell, setAgentShell] = useState(false);

  // Where the CLI is depends on the saved path: look again whenever the settings change.
  useEffect(() => {
    if (settings) void locateCli();
  }, [settings, locateCli]);

  useEffect(() => {
    if (!settings) return;
    setClaudePath(settings.claudePath);
    setMaxConcurrent(String(settings.maxConcurrent));
    setDefaultModel(settings.defaultModel);
    setTheme(settings.theme);
    setAgentShell(settings.agentShell);
  }, [settings]);

  const concurrency = Number(maxConcurrent);
  const concurrencyError =
    Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= 16
      ? null
      : 'A whole number from 1 to 16.';
  const model = defaultModel.trim();
  const modelError =
    model.length <= MODEL_FIELD.maxLength && MODEL_NAME.test(model)
      ? null
      : 'A model alias or id: letters, digits and . _ : [ ] - only (e.g. sonnet, claude-opus-4-1).';
  const invalid = concurrencyError !== null || modelError !== null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (invalid) return;
    void updateSettings({
      claudePath: claudePath.trim(),
      maxConcurrent: concurrency,
      defaultModel: model,
      theme,
      agentShell,
    });
  };

  if (!settings) return <p className="muted">Loading settings…</p>;
  return (
    <section className="panel" aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      <form onSubmit={submit} className="form" noValidate>
        <label htmlFor="claude-path">Claude Code CLI path</label>
        <input
          id="claude-path"
          value={claudePath}
          placeholder="empty: found automatically"
          onChange={(e) => setClaudePath(e.target.value)}
          spellCheck={false}
        />
        <p className="muted">Empty: PUFFIN_CLAUDE_PATH, then `claude` on your PATH.</p>
        <CliLocationLine location={cliLocation} />

        <label htmlFor="max-concurrent">Max concurrent CLI processes</label>
        <input
          id="max-concurrent"
          type="number"
          min={1}
          max={16}
          value={maxConcurrent}
          onChange={(e) => setMaxConcurrent(e.target.value)}
          aria-invalid={concurrencyError !== null}
        />
        {concurrencyError && <p className="field-error">{concurrencyError}</p>}

        <label htmlFor="default-model">Default model</label>
        <input
          id="default-model"
          value={defaultModel}
          placeholder="CLI default (e.g. sonnet, opus)"
          onChange={(e) => setDefaultModel(e.target.value)}
          aria-invalid={modelError !== null}
          spellCheck={false}
        />
        {modelError && <p className="field-error">{modelError}</p>}

        <fieldset>
          <legend>Theme</legend>
          {THEMES.map((t) => (
            <label key={t} className="inline">
              <input type="radio" name="theme" value={t} checked={theme === t} onChange={() => setTheme(t)} />{' '}
              {t}
            </label>
          ))}
        </fieldset>
        <label className="inline">
          <input type="checkbox" checked={agentShell} onChange={(e) => setAgentShell(e.target.checked)} />{' '}
          Allow the agent to run shell commands
        </label>
        <p className="muted">
          Implement: the coding agent may also run commands (Bash) in the story’s worktree. Off: it only reads
          and edits files there.
        </p>
        <button type="submit" disabled={saving || invalid}>
          {saving ? 'Saving…' : 'Save settings'}
        </button>
      </form>
      <EnginesSettings />
      <KeysSettings />
      <TrackerKeysSettings />
      <p className="muted">Stored in {userDataDir}/settings.json</p>
      {logFile && (
        <p className="muted">
          Warnings and errors are kept in <code data-testid="log-file">{logFile}</code>{' '}
          <button type="button" onClick={() => void openLogFile()}>
            Open log file
          </button>
        </p>
      )}
    </section>
  );
}
