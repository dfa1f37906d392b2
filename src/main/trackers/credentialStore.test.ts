import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { KeyCipher } from '../base/keyStore';
import { memoryLogger } from '../../../test/support/memoryLogger';
import {
  createTrackerKeyStore,
  NO_TRACKER_KEYCHAIN,
  TRACKER_KEYS_FILE,
  trackerEnv,
  trackerKeysView,
} from './credentialStore';

const cipher: KeyCipher = {
  encrypt: (s) => Buffer.from(Buffer.from(s, 'utf8').map((b) => b ^ 0x5a)),
  decrypt: (b) => Buffer.from(b.map((x) => x ^ 0x5a)).toString('utf8'),
};
let dir = '';
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the tracker credential store', () => {
  it('keeps only ciphertext on disk, reads it back after a restart, and the environment wins', async () => {
    dir = await mkdtemp(join(tmpdir(), 'puffin-tracker-keys-'));
    const store = await createTrackerKeyStore(dir, cipher, memoryLogger().logger);
    await store.set('JIRA_API_TOKEN', ' secret-token ');
    await store.set('LINEAR_API_KEY', 'lin_api_stored');
    expect(await readFile(join(dir, TRACKER_KEYS_FILE), 'utf8')).not.toContain('secret-token');
    const again = await createTrackerKeyStore(dir, cipher, memoryLogger().logger);
    expect(again.get('JIRA_API_TOKEN')).toBe('secret-token');
    const env = trackerEnv({ LINEAR_API_KEY: 'lin_api_env', PATH: '/bin' }, again);
    expect(env).toMatchObject({
      JIRA_API_TOKEN: 'secret-token',
      LINEAR_API_KEY: 'lin_api_env',
      PATH: '/bin',
    });
    expect(env.JIRA_EMAIL).toBeUndefined();
    expect(trackerKeysView({ LINEAR_API_KEY: 'x' }, again).keys).toEqual([
      { name: 'JIRA_EMAIL', source: 'missing' },
      { name: 'JIRA_API_TOKEN', source: 'keychain' },
      { name: 'LINEAR_API_KEY', source: 'env' },
    ]);
    await again.clear('JIRA_API_TOKEN');
    expect(
      (await createTrackerKeyStore(dir, cipher, memoryLogger().logger)).get('JIRA_API_TOKEN'),
    ).toBeUndefined();
  });

  it('without a keychain, storing is refused with keychain_unavailable', async () => {
    await expect(NO_TRACKER_KEYCHAIN.set('JIRA_EMAIL', 'a@b.c')).rejects.toMatchObject({
      code: 'keychain_unavailable',
    });
    expect(trackerKeysView({}, NO_TRACKER_KEYCHAIN).canStore).toBe(false);
  });
});
