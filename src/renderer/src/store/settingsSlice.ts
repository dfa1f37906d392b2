import { errorNotice } from './uiError';
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
  async openLogFile() {
    try {
      const r = await client.call('log:openFile', {});
      if (!r.opened) set({ notice: { kind: 'info', message: `Log file: ${r.path}` } });
    } catch (err) {
      set({ notice: errorNotice(err) });
    }
  },
});
