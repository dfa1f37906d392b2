import { errorNotice } from './uiError';
import type { ProjectSlice, Slice } from './types';

export const createProjectSlice: Slice<ProjectSlice> = (client) => (set) => ({
  project: null,
  opening: false,
  projectSettings: null,
  async loadProjectSettings() {
    try {
      set({ projectSettings: await client.call('projectSettings:get', {}) });
    } catch (err) {
      set({ notice: errorNotice(err) });
    }
  },
  async saveProjectSettings(patch) {
    try {
      set({ projectSettings: await client.call('projectSettings:update', patch), notice: null });
      return true;
    } catch (err) {
      set({ notice: errorNotice(err) });
      return false;
    }
  },
  async importProjectContext() {
    try {
      return await client.call('projectSettings:import', {});
    } catch (err) {
      set({ notice: errorNotice(err) });
      return null;
    }
  },
  async openProject(path) {
    set({ opening: true, notice: null });
    try {
      const project = await client.call('project:open', { path });
      set({ project, opening: false, view: 'project', projectSettings: null });
      return true;
    } catch (err) {
      set({ opening: false, notice: errorNotice(err) });
      return false;
    }
  },
  async pickProjectFolder() {
    try {
      const project = await client.call('project:pickFolder', {});
      if (project) set({ project, view: 'project', notice: null, projectSettings: null });
    } catch (err) {
      set({ notice: errorNotice(err) });
    }
  },
  async forgetRecent(path) {
    try {
      const settings = await client.call('project:forgetRecent', { path });
      set({ settings });
    } catch (err) {
      set({ notice: errorNotice(err) });
    }
  },
});
