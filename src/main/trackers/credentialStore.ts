// Tracker credentials kept like the API keys (base/keyStore.ts): encrypted with the OS keychain on the desktop
// (`<userData>/tracker-keys.json` holds only ciphertext), refused where there is no keychain. A variable set in the
// environment always wins over a stored value.
import { join } from 'node:path';
import {
  TRACKER_SECRETS,
  isTrackerSecret,
  type TrackerKeysView,
  type TrackerSecret,
} from '../../shared/ipc/trackerChannels';
import { readJsonOrQuarantine, writeFileAtomic } from '../base/atomicFile';
import { ServiceError } from '../base/errors';
import type { KeyCipher } from '../base/keyStore';
import type { Logger } from '../base/logger';

export interface TrackerKeyStore {
  readonly canStore: boolean;
  get(name: TrackerSecret): string | undefined;
  set(name: TrackerSecret, value: string): Promise<void>;
  clear(name: TrackerSecret): Promise<void>;
}

const refuse = (name: TrackerSecret) =>
  new ServiceError(
    'keychain_unavailable',
    `There is no keychain here to keep ${name}: set it in the environment Puffin is started from.`,
  );

export const NO_TRACKER_KEYCHAIN: TrackerKeyStore = {
  canStore: false,
  get: () => undefined,
  set: (name) => Promise.reject(refuse(name)),
  clear: (name) => Promise.reject(refuse(name)),
};

export const TRACKER_KEYS_FILE = 'tracker-keys.json';

export async function createTrackerKeyStore(
  userDataDir: string,
  cipher: KeyCipher,
  log: Logger,
): Promise<TrackerKeyStore> {
  const file = join(userDataDir, TRACKER_KEYS_FILE);
  const sealed = new Map<TrackerSecret, string>();
  const read = await readJsonOrQuarantine<Record<string, unknown>>(file, (v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? null : 'tracker keys must be a JSON object',
  );
  if (read.kind === 'ok')
    for (const [name, value] of Object.entries(read.value))
      if (isTrackerSecret(name) && typeof value === 'string') sealed.set(name, value);
  if (read.kind === 'corrupt')
    log.error(`The stored tracker keys were unreadable; kept them as ${read.keptAs}.`);
  const save = () => writeFileAtomic(file, JSON.stringify(Object.fromEntries(sealed), null, 2) + '\n');
  return {
    canStore: true,
    get(name) {
      const value = sealed.get(name);
      if (value === undefined) return undefined;
      try {
        return cipher.decrypt(Buffer.from(value, 'base64'));
      } catch (err) {
        log.warn(`The stored ${name} cannot be decrypted (${String(err)}); set it again.`);
        return undefined;
      }
    },
    async set(name, value) {
      sealed.set(name, cipher.encrypt(value.trim()).toString('base64'));
      await save();
    },
    async clear(name) {
      sealed.delete(name);
      await save();
    },
  };
}

const given = (env: NodeJS.ProcessEnv, name: string) => Boolean(env[name]?.trim());

/** The environment the trackers read credentials from: the process's, with stored values where it has none. */
export function trackerEnv(env: NodeJS.ProcessEnv, store: TrackerKeyStore): NodeJS.ProcessEnv {
  const out = { ...env };
  for (const name of TRACKER_SECRETS) {
    const stored = given(env, name) ? undefined : store.get(name);
    if (stored) out[name] = stored;
  }
  return out;
}

/** Where each credential comes from, without its value. */
export function trackerKeysView(env: NodeJS.ProcessEnv, store: TrackerKeyStore): TrackerKeysView {
  return {
    canStore: store.canStore,
    keys: TRACKER_SECRETS.map((name) => ({
      name,
      source: given(env, name) ? 'env' : store.get(name) ? 'keychain' : 'missing',
    })),
  };
}
