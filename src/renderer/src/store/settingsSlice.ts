import { errorNotice, toUiError } from './uiError';
import type { Slice, SettingsSlice } from './types';

export const createSettingsSlice: Slice<SettingsSlice> = (client) => (set) => ({
  settings: null,
  saving: false,
  cliLocation: null,
  async locateCli() {
    try {
      set({ cliLocation: await client.call('cli:locate', {}) });
    } catch (err) {
      set({ notice: errorNotice(err) });
    }
  },
  async updateSettings(patch) {
    set({ saving: true });
    try {
      const settings = await client.call('settings:update', patch);
      set({ settings, saving: false, notice: { kind: 'info', message: 'Settings saved.' } });
      return true;
    } catch (err) {
      set({ saving: false, notice: errorNotice(err) });
      return false;
    }
  },
  keys: null,
  async loadKeys() {
    try {
      set({ keys: await client.call('keys:status', {}) });
    } catch (err) {
      set({ notice: errorNotice(err) });
    }
  },
  async setKey(provider, key) {
    try {
      set({
        keys: await client.call('keys:set', { provider, key }),
        notice: { kind: 'info', message: 'Key stored.' },
      });
      return true;
    } catch (err) {
      set({ notice: errorNotice(err) });
      return false;
    }
  },
  async clearKey(provider) {
    try {
      set({ keys: await client.call('keys:clear', { provider }) });
    } catch (err) {
      set({ notice: errorNotice(err) });
    }
  },
  providers: null,
  async loadProviders() {
    try {
      set({ providers: (await client.call('engines:providers', {})).providers });
    } catch (err) {
      set({ notice: errorNotice(err) });
    }
  },
  async listModels(provider, baseUrl) {
    try {
      return (await client.call('engines:models', { provider, ...(baseUrl ? { baseUrl } : {}) })).models;
    } catch (err) {
      set({ notice: errorNotice(err) });
      return [];
    }
  },
  async testEngine(request) {
    try {
      return { ok: true, result: await client.call('engines:test', request) };
    } catch (err) {
      return { ok: false, error: toUiError(err) };
    }
  },
  async openLogFile() {
    try {
      const r = await client.call('log:openFile', {});
      if (!r.opened) set({ notice: { kind: 'info', message: `Log file: ${r.path}` } });
    } catch (err) {
      set({ notice: errorNotice(err) });
    }
  },
});
