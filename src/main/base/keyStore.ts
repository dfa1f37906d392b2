/**
 * API keys kept with the OS keychain: on the desktop a key is encrypted with Electron's safeStorage
 * and only the ciphertext is written (`<userData>/keys.json`); the browser host and the headless command line have
 * no keychain, so storing a key there is refused with `keychain_unavailable` (set the environment variable instead).
 * A key from the environment always wins over a stored one. Keys never go to settings, logs or the CLI's env.
 */
import { join } from 'node:path';
import {
  KEYED_PROVIDERS,
  isKeyedProvider,
  type KeyedProvider,
  type KeysView,
} from '../../shared/engineSettings';
import { readJsonOrQuarantine, writeFileAtomic } from './atomicFile';
import { ServiceError } from './errors';
import type { Logger } from './logger';

/** The OS keychain's encryption (Electron safeStorage on the desktop; tests pass their own). */
export interface KeyCipher {
  encrypt(plain: string): Buffer;
  decrypt(cipher: Buffer): string;
}

/** The environment variable each provider's key is read from, as its traits declare it (engines/providerFacts.ts). */
export type KeyVars = Readonly<Record<KeyedProvider, string>>;

export interface KeyStore {
  readonly canStore: boolean;
  /** Where each key comes from when the environment gives it. */
  readonly keyVars: KeyVars;
  /** The stored key, decrypted when asked (every call reads it, so a change applies to the next call). */
  get(provider: KeyedProvider): string | undefined;
  set(provider: KeyedProvider, key: string): Promise<void>;
  clear(provider: KeyedProvider): Promise<void>;
}

/** Where there is no keychain (browser host, headless): nothing stored, storing refused. */
export function noKeychain(keyVars: KeyVars): KeyStore {
  const refuse = (provider: KeyedProvider) =>
    Promise.reject(
      new ServiceError(
        'keychain_unavailable',
        `There is no keychain here to keep the ${provider} key: set ${keyVars[provider]} in the environment Puffin is started from.`,
      ),
    );
  return { canStore: false, keyVars, get: () => undefined, set: refuse, clear: refuse };
}

export const KEYS_FILE = 'keys.json';

/** Keys encrypted by the cipher, kept as base64 ciphertext in `<userDataDir>/keys.json`. */
export async function createEncryptedKeyStore(
  userDataDir: string,
  cipher: KeyCipher,
  log: Logger,
  keyVars: KeyVars,
): Promise<KeyStore> {
  const file = join(userDataDir, KEYS_FILE);
  const sealed = new Map<KeyedProvider, string>();
  const read = await readJsonOrQuarantine<Record<string, unknown>>(file, (v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? null : 'keys must be a JSON object',
  );
  if (read.kind === 'ok')
    for (const [name, value] of Object.entries(read.value))
      if (isKeyedProvider(name) && typeof value === 'string') sealed.set(name, value);
  if (read.kind === 'corrupt') log.error(`The stored keys were unreadable; kept them as ${read.keptAs}.`);

  const save = () => writeFileAtomic(file, JSON.stringify(Object.fromEntries(sealed), null, 2) + '\n');
  return {
    canStore: true,
    keyVars,
    get(provider) {
      const value = sealed.get(provider);
      if (value === undefined) return undefined;
      try {
        return cipher.decrypt(Buffer.from(value, 'base64'));
      } catch (err) {
        log.warn(`The stored ${provider} key cannot be decrypted (${String(err)}); set it again.`);
        return undefined;
      }
    },
    async set(provider, key) {
      sealed.set(provider, cipher.encrypt(key.trim()).toString('base64'));
      await save();
    },
    async clear(provider) {
      sealed.delete(provider);
      await save();
    },
  };
}

const given = (env: NodeJS.ProcessEnv, name: string) => Boolean(env[name]?.trim());

/** The environment the API providers read their keys from: the process's, with stored keys where it has none. */
export function apiEnv(env: NodeJS.ProcessEnv, store: KeyStore): NodeJS.ProcessEnv {
  const out = { ...env };
  for (const provider of KEYED_PROVIDERS) {
    const name = store.keyVars[provider];
    if (given(env, name)) continue;
    const stored = store.get(provider);
    if (stored) out[name] = stored;
  }
  return out;
}

/** Where each provider's key comes from, without the key itself. */
export function keysView(env: NodeJS.ProcessEnv, store: KeyStore): KeysView {
  return {
    canStore: store.canStore,
    keys: KEYED_PROVIDERS.map((provider) => {
      const envVar = store.keyVars[provider];
      const source = given(env, envVar) ? 'env' : store.get(provider) ? 'keychain' : 'missing';
      return { provider, envVar, source };
    }),
  };
}
