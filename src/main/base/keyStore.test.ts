import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryLogger } from '../../../test/support/memorySpawner';
import {
  apiEnv,
  createEncryptedKeyStore,
  KEYS_FILE,
  keysView,
  noKeychain,
  type KeyCipher,
  type KeyVars,
} from './keyStore';

/** The variables as the root passes them (from each provider's traits). */
const KEY_VARS: KeyVars = {
  anthropic: 'ANTHROPIC_API_KEY',
  openai: 'OPENAI_API_KEY',
  gemini: 'GEMINI_API_KEY',
};

const cipher: KeyCipher = {
  encrypt: (s) => Buffer.from(Buffer.from(s, 'utf8').map((b) => b ^ 0x77)),
  decrypt: (b) => Buffer.from(b.map((x) => x ^ 0x77)).toString('utf8'),
};
let dir = '';
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the encrypted key store', () => {
  it('keeps only ciphertext on disk and reads the key back after a restart', async () => {
    dir = await mkdtemp(join(tmpdir(), 'puffin-keys-'));
    const { logger } = memoryLogger();
    const store = await createEncryptedKeyStore(dir, cipher, logger, KEY_VARS);
    await store.set('anthropic', '  sk-ant-secret  ');
    expect(await readFile(join(dir, KEYS_FILE), 'utf8')).not.toContain('sk-ant-secret');
    const again = await createEncryptedKeyStore(dir, cipher, logger, KEY_VARS);
    expect(again.get('anthropic')).toBe('sk-ant-secret');
    await again.clear('anthropic');
    expect((await createEncryptedKeyStore(dir, cipher, logger, KEY_VARS)).get('anthropic')).toBeUndefined();
  });

  it('gives the stored key to the API providers only where the environment has none', async () => {
    dir = await mkdtemp(join(tmpdir(), 'puffin-keys-'));
    const store = await createEncryptedKeyStore(dir, cipher, memoryLogger().logger, KEY_VARS);
    await store.set('openai', 'stored-openai');
    await store.set('gemini', 'stored-gemini');
    const env = { OPENAI_API_KEY: 'from-env', GEMINI_API_KEY: '  ' };
    expect(apiEnv(env, store)).toMatchObject({ OPENAI_API_KEY: 'from-env', GEMINI_API_KEY: 'stored-gemini' });
    expect(keysView(env, store)).toEqual({
      canStore: true,
      keys: [
        { provider: 'anthropic', envVar: 'ANTHROPIC_API_KEY', source: 'missing' },
        { provider: 'openai', envVar: 'OPENAI_API_KEY', source: 'env' },
        { provider: 'gemini', envVar: 'GEMINI_API_KEY', source: 'keychain' },
      ],
    });
  });

  it('refuses to store where there is no keychain, naming the variable to set', async () => {
    await expect(noKeychain(KEY_VARS).set('openai', 'k')).rejects.toMatchObject({
      code: 'keychain_unavailable',
      message: expect.stringContaining('OPENAI_API_KEY'),
    });
    expect(keysView({}, noKeychain(KEY_VARS)).canStore).toBe(false);
  });
});
