/** Per-user settings, persisted by main. */
import { defaultEngineSettings, type EngineSettings } from './engineSettings';

export type Theme = 'light' | 'dark' | 'system';

export interface Settings {
  /** Explicit path to the `claude` binary; empty means: PUFFIN_CLAUDE_PATH, then PATH. */
  claudePath: string;
  /** Upper bound on CLI processes running at once, across every workflow. */
  maxConcurrent: number;
  /** Default model alias or id passed as --model; empty means the CLI's default. */
  defaultModel: string;
  theme: Theme;
  recentProjects: string[];
  /** Which provider and model answer each workflow, and each provider's root URL (never a key). */
  engines: EngineSettings;
  /** `puffin implement` and the Implement button: the coding agent may also run shell commands (Bash). */
  agentShell: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  claudePath: '',
  maxConcurrent: 2,
  defaultModel: '',
  theme: 'system',
  recentProjects: [],
  engines: defaultEngineSettings(),
  agentShell: false,
};

export const MAX_RECENT_PROJECTS = 10;
