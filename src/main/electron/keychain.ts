/**
 * The OS keychain's encryption for API keys (Electron safeStorage), or none: where safeStorage cannot encrypt, or
 * on Linux falls back to its hard-coded `basic_text` password (no keychain at all), keys are not stored.
 */
import { safeStorage } from 'electron';
import type { KeyCipher } from '../base/keyStore';

export function keychainCipher(platform: NodeJS.Platform = process.platform): KeyCipher | undefined {
  if (!safeStorage.isEncryptionAvailable()) return undefined;
  if (platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') return undefined;
  return {
    encrypt: (plain) => safeStorage.encryptString(plain),
    decrypt: (cipher) => safeStorage.decryptString(cipher),
  };
}
