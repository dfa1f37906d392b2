/** One line of the main-process activity log, as the Activity panel shows it. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface LogLine {
  seq: number;
  time: string; // ISO 8601
  level: LogLevel;
  /** Short area name, e.g. "llm", "store", "ipc". */
  scope: string;
  message: string;
  /** Structured context (workflow, CLI version, ...); must be JSON-serialisable. */
  context?: Record<string, unknown>;
}

export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];
