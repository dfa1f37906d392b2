/** Contract channels of the app itself: what serves it, its log, where the Claude Code CLI is, opening a link. */
import type { LogLine } from '../log';
import { empty, schema } from './schemaParts';

export const appSchemas = {
  'app:info': empty,
  'log:recent': schema({
    type: 'object',
    additionalProperties: false,
    properties: { limit: { type: 'integer', minimum: 1, maximum: 5000 } },
  }),
  /** Where the Claude Code CLI is found right now (Settings, PUFFIN_CLAUDE_PATH, PATH, login shell), or why not. */
  'cli:locate': empty,
  /** Opens the log file (warnings and errors) with the system's viewer where there is one (desktop). */
  'log:openFile': empty,
  'shell:openExternal': schema({
    type: 'object',
    additionalProperties: false,
    required: ['url'],
    properties: { url: { type: 'string', minLength: 1, maxLength: 2048 } },
  }),
} as const;

/** Who serves the app: the desktop window, the browser host, the headless command line or its MCP server. */
export type Face = 'electron' | 'browser' | 'cli' | 'mcp';

/** Where the CLI was found and by which rule, or the typed reason it was not. */
export type CliLocation =
  | { found: true; path: string; source: 'settings' | 'env' | 'path' | 'login-shell' }
  | { found: false; code: 'cli_not_found' | 'cli_not_executable'; message: string };

export interface AppInfo {
  name: string;
  version: string;
  face: Face;
  platform: string;
  userDataDir: string;
  /** Whether a native folder picker exists (Electron); the browser host asks for a typed path instead. */
  nativeDialogs: boolean;
  /** Where warnings and errors are kept across restarts (rotated). */
  logFile: string;
  /** Files of the user-data folder (settings.json) that could not be read and were kept aside, one line each. */
  problems?: string[];
}

export interface AppResponses {
  'app:info': AppInfo;
  'log:recent': LogLine[];
  'cli:locate': CliLocation;
  /** `opened` is false where no desktop shell exists (browser host, headless): show `path` instead. */
  'log:openFile': { opened: boolean; path: string };
  'shell:openExternal': { opened: boolean };
}
