import { useEffect, useState } from 'react';
import type { KeyStatus } from '../../../../shared/engineSettings';
import { useAppFields } from '../../store/StoreContext';

const SOURCE_TEXT = {
  env: (k: KeyStatus) => `from ${k.envVar}`,
  keychain: () => 'stored in the keychain',
  missing: () => 'missing',
} as const;

/** Where each API key comes from; on the desktop a key can be stored with the OS keychain, or cleared. */
export function KeysSettings() {
  const { keys, loadKeys } = useAppFields('keys', 'loadKeys');
  useEffect(() => void loadKeys(), [loadKeys]);
  if (!keys) return null;
  return (
    <section aria-labelledby="keys-title">
      <h3 id="keys-title">API keys</h3>
      <p className="muted">
        {keys.canStore
          ? 'A key set here is encrypted with the OS keychain; an environment variable wins over it.'
          : 'Keys come from the environment Puffin is started from (no keychain here).'}
      </p>
      <ul className="keys">
        {keys.keys.map((k) => (
          <KeyLine key={k.provider} status={k} canStore={keys.canStore} />
        ))}
      </ul>
    </section>
  );
}

function KeyLine({ status, canStore }: { status: KeyStatus; canStore: boolean }) {
  const { setKey, clearKey } = useAppFields('setKey', 'clearKey');
  const [value, setValue] = useState('');
  return (
    <li data-testid={`key-${status.provider}`}>
      <strong>{status.provider}</strong>:{' '}
      <span data-source={status.source}>{SOURCE_TEXT[status.source](status)}</span>
      {canStore && (
        <>
          {' '}
          <input
            type="password"
            aria-label={`${status.provider} API key`}
            value={value}
            autoComplete="off"
            onChange={(e) => setValue(e.target.value)}
          />
          <button
            type="button"
            disabled={!value.trim()}
            onClick={() => void setKey(status.provider, value).then((ok) => ok && setValue(''))}
          >
            Set key
          </button>
          {status.source === 'keychain' && (
            <button type="button" onClick={() => void clearKey(status.provider)}>
              Clear key
            </button>
          )}
        </>
      )}
    </li>
  );
}
