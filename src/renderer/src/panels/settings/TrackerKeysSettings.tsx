import { useEffect, useState } from 'react';
import type { TrackerSecret } from '../../../../shared/ipc/trackerChannels';
import { useAppFields } from '../../store/StoreContext';

const LABEL: Record<TrackerSecret, string> = {
  JIRA_EMAIL: 'Jira account email',
  JIRA_API_TOKEN: 'Jira API token',
  LINEAR_API_KEY: 'Linear API key',
};
const SOURCE = {
  env: 'from the environment',
  keychain: 'stored in the keychain',
  missing: 'missing',
} as const;

/** Where each tracker credential comes from; on the desktop one can be stored with the OS keychain, or cleared. */
export function TrackerKeysSettings() {
  const { trackerKeys, loadTrackerKeys } = useAppFields('trackerKeys', 'loadTrackerKeys');
  useEffect(() => void loadTrackerKeys(), [loadTrackerKeys]);
  if (!trackerKeys) return null;
  return (
    <section aria-labelledby="tracker-keys-title">
      <h3 id="tracker-keys-title">Tracker credentials</h3>
      <p className="muted">
        {trackerKeys.canStore
          ? 'What is set here is encrypted with the OS keychain; an environment variable of the same name wins over it.'
          : 'They come from the environment Puffin is started from (no keychain here).'}
      </p>
      <ul className="keys">
        {trackerKeys.keys.map((k) => (
          <TrackerKeyLine key={k.name} name={k.name} source={k.source} canStore={trackerKeys.canStore} />
        ))}
      </ul>
    </section>
  );
}

function TrackerKeyLine({
  name,
  source,
  canStore,
}: {
  name: TrackerSecret;
  source: keyof typeof SOURCE;
  canStore: boolean;
}) {
  const { setTrackerKey, clearTrackerKey } = useAppFields('setTrackerKey', 'clearTrackerKey');
  const [value, setValue] = useState('');
  return (
    <li data-testid={`tracker-key-${name}`}>
      <strong>{LABEL[name]}</strong> ({name}): <span data-source={source}>{SOURCE[source]}</span>
      {canStore && (
        <>
          {' '}
          <input
            type={name === 'JIRA_EMAIL' ? 'email' : 'password'}
            aria-label={LABEL[name]}
            value={value}
            autoComplete="off"
            onChange={(e) => setValue(e.target.value)}
          />
          <button
            type="button"
            disabled={!value.trim()}
            onClick={() => void setTrackerKey(name, value).then((ok) => ok && setValue(''))}
          >
            Set
          </button>
          {source === 'keychain' && (
            <button type="button" onClick={() => void clearTrackerKey(name)}>
              Clear
            </button>
          )}
        </>
      )}
    </li>
  );
}
