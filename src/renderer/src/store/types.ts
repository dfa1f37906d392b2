import type { StateCreator } from 'zustand';
import type { AppInfo } from '../../../shared/ipc/contract';
import type { LogLevel, LogLine } from '../../../shared/log';
import type { ProjectInfo } from '../../../shared/project';
import type { Settings } from '../../../shared/settings';
import type { Client } from '../bridge/client';

export type View = 'project' | 'settings' | 'activity';

export interface Notice {
  kind: 'error' | 'info';
  message: string;
  code?: string;
}

export interface AppSlice {
  info: AppInfo | null;
  view: View;
  notice: Notice | null;
  setView(view: View): void;
  notify(notice: Notice | null): void;
  /** Loads everything the first screen needs and subscribes to main's events. Returns an unsubscribe. */
  boot(): Promise<() => void>;
}

export interface SettingsSlice {
  settings: Settings | null;
  saving: boolean;
  updateSettings(patch: Partial<Omit<Settings, 'recentProjects'>>): Promise<boolean>;
}

export interface ProjectSlice {
  project: ProjectInfo | null;
  opening: boolean;
  openProject(path: string): Promise<boolean>;
  pickProjectFolder(): Promise<void>;
  forgetRecent(path: string): Promise<void>;
}

export interface ActivitySlice {
  lines: LogLine[];
  levelFilter: Record<LogLevel, boolean>;
  textFilter: string;
  appendLine(line: LogLine): void;
  setLevelVisible(level: LogLevel, visible: boolean): void;
  setTextFilter(text: string): void;
}

export type AppState = AppSlice & SettingsSlice & ProjectSlice & ActivitySlice;

/** A slice creator that also receives the client, so slices never reach for a global. */
export type Slice<T> = (client: Client) => StateCreator<AppState, [], [], T>;
