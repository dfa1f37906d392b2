import { create } from 'zustand';
import type { Client } from '../bridge/client';
import { createActivitySlice } from './activitySlice';
import { createAppSlice } from './appSlice';
import { createProjectSlice } from './projectSlice';
import { createSettingsSlice } from './settingsSlice';
import type { AppState } from './types';

/** One store, composed of slices (zustand's slice pattern); the client is injected for tests. */
export function createAppStore(client: Client) {
  return create<AppState>()((...a) => ({
    ...createAppSlice(client)(...a),
    ...createSettingsSlice(client)(...a),
    ...createProjectSlice(client)(...a),
    ...createActivitySlice(client)(...a),
  }));
}

export type AppStore = ReturnType<typeof createAppStore>;
