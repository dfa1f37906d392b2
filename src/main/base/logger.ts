import type { LogLevel, LogLine } from '../../shared/log';

export interface Logger {
  debug(message: string, context?: Record<string, unknown>): void;
  info(message: string, context?: Record<string, unknown>): void;
  warn(message: string, context?: Record<string, unknown>): void;
  error(message: string, context?: Record<string, unknown>): void;
  /** A logger that tags its lines with another scope but feeds the same bus. */
  child(scope: string): Logger;
}

type Listener = (line: LogLine) => void;

/**
 * The log bus: keeps a bounded ring of recent lines (so a panel opened late still sees history)
 * and fans new lines out to subscribers (the Activity panel, stderr in headless mode).
 */
export class LogBus {
  private readonly lines: LogLine[] = [];
  private readonly listeners = new Set<Listener>();
  private seq = 0;

  constructor(private readonly capacity = 2000) {}

  emit(level: LogLevel, scope: string, message: string, context?: Record<string, unknown>): LogLine {
    const line: LogLine = { seq: ++this.seq, time: new Date().toISOString(), level, scope, message };
    if (context && Object.keys(context).length > 0) line.context = context;
    this.lines.push(line);
    if (this.lines.length > this.capacity) this.lines.splice(0, this.lines.length - this.capacity);
    for (const listener of this.listeners) {
      try {
        listener(line);
      } catch {
        // A broken subscriber must not break logging for everyone else.
      }
    }
    return line;
  }

  recent(limit = this.capacity): LogLine[] {
    return this.lines.slice(-limit);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  logger(scope: string): Logger {
    const make = (s: string): Logger => ({
      debug: (m, c) => void this.emit('debug', s, m, c),
      info: (m, c) => void this.emit('info', s, m, c),
      warn: (m, c) => void this.emit('warn', s, m, c),
      error: (m, c) => void this.emit('error', s, m, c),
      child: (sub) => make(`${s}.${sub}`),
    });
    return make(scope);
  }
}

/** A logger that drops everything; for tests and pure helpers that accept an optional logger. */
export const silentLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  child: () => silentLogger,
};
