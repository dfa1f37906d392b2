import type { CliEvent } from './cliEvents';
import { isRecord } from './fields';
import { LineSplitter } from './lineSplitter';
import { DecodeState, toCliEvents } from './toCliEvents';

/** Garbage lines are kept for the activity view, but a runaway line must not be copied whole. */
export const GARBAGE_LINE_LIMIT = 4096;

/**
 * Incremental reader for `claude -p --output-format stream-json` stdout.
 * Feed it stdout chunks as they arrive; it returns the events completed by each chunk.
 * Never throws on bad input: a line that is not a JSON object becomes a `garbage` event.
 */
export class StreamJsonReader {
  private readonly lines = new LineSplitter();
  private readonly state = new DecodeState();
  private lineNumber = 0;

  push(chunk: string | Uint8Array): CliEvent[] {
    return this.decode(this.lines.push(chunk));
  }

  /** Call once stdout has closed: flushes a last line that had no newline. */
  end(): CliEvent[] {
    return this.decode(this.lines.end());
  }

  private decode(lines: string[]): CliEvent[] {
    const events: CliEvent[] = [];
    for (const line of lines) {
      this.lineNumber++;
      const event = this.decodeLine(line);
      if (event) events.push(...event);
    }
    return events;
  }

  private decodeLine(line: string): CliEvent[] | undefined {
    // A BOM can only precede the first line; blank lines (keep-alives, CRLF doubling) carry nothing.
    const text = this.lineNumber === 1 && line.charCodeAt(0) === 0xfeff ? line.slice(1) : line;
    if (text.trim().length === 0) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      return [garbage(text, error instanceof Error ? error.message : String(error))];
    }
    if (!isRecord(parsed)) return [garbage(text, 'line is JSON but not an object')];
    return toCliEvents(parsed, this.state);
  }
}

function garbage(line: string, error: string): CliEvent {
  return {
    kind: 'garbage',
    line: line.length > GARBAGE_LINE_LIMIT ? line.slice(0, GARBAGE_LINE_LIMIT) : line,
    error,
  };
}

/** Decodes a whole captured transcript (e.g. a fixture file). */
export function parseTranscript(text: string): CliEvent[] {
  const reader = new StreamJsonReader();
  return [...reader.push(text), ...reader.end()];
}
