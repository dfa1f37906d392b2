/** A logger that remembers its lines, for tests and the bench. */
import type { Logger } from '../../src/main/base/logger';

export interface LoggedLine {
  level: 'debug' | 'info' | 'warn' | 'error';
  message: string;
  context?: Record<string, unknown>;
}

export function memoryLogger(): { logger: Logger; lines: LoggedLine[] } {
  const lines: LoggedLine[] = [];
  const make = (): Logger => ({
    debug: (message, context) =>
      void lines.push({ level: 'debug', message, ...(context ? { context } : {}) }),
    info: (message, context) => void lines.push({ level: 'info', message, ...(context ? { context } : {}) }),
    warn: (message, context) => void lines.push({ level: 'warn', message, ...(context ? { context } : {}) }),
    error: (message, context) =>
      void lines.push({ level: 'error', message, ...(context ? { context } : {}) }),
    child: () => make(),
  });
  return { logger: make(), lines };
}
