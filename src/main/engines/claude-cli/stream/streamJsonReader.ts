import type { CliEvent } from './cliEvents';
import { isRecord } from '../../../llm/jsonFields';
import { LineSplitter, MAX_LINE_CHARS } from './lineSplitter';
import { parseInputJsonDelta } from './fastDelta';
import { cliDeltaEventAt, matchCliDelta, type CliDeltaFields } from './cliDeltaEvent';
import { RawLineRun } from '../../../llm/rawLineRun';
import { DecodeState, pushCliEvents } from './toCliEvents';

/** Garbage lines are kept for the activity view, but a runaway line must not be copied whole. */
export const GARBAGE_LINE_LIMIT = 4096;

/**
 * Incremental reader for `claude -p --output-format stream-json` stdout.
 * Feed it stdout chunks as they arrive; it returns the events completed by each chunk.
 * Never throws on bad input: a line that is not a JSON object becomes a `garbage` event.
 */
export interface StreamJsonReaderOptions {
  /**
   * Decode input_json_delta lines in the CLI's exact compact shape without JSON.parse (see cliDeltaEvent.ts and
   * fastDelta.ts); the events are equal either way (`raw` of a CLI delta is parsed on first access). Default true; false exists for the differential tests.
   */
  fastPath?: boolean;
  /** Lines longer than this are dropped and reported as an oversized `garbage` event; default MAX_LINE_CHARS. */
  maxLineChars?: number;
  /**
   * Hands everything over as it is decoded instead of returning it from push() and end() (which then return
   * nothing): each event to `event`, and the CLI delta lines the fast path takes to `delta`, as their fields instead
   * of events, in stdout order: a run of them in one chunk for one block of one agent in one call, their fragments
   * joined. For a consumer that only wants the deltas' text (the live preview when nobody reads the lines):
   * thousands of event objects and calls fewer per answer.
   */
  sink?: ReaderSink;
  /**
   * With a sink, each run of delta lines also comes with the lines themselves, as the CLI printed them (terminator
   * excluded), for a consumer that keeps every raw line (History) without an event per line.
   */
  rawLines?: boolean;
}

export interface ReaderSink {
  event(event: CliEvent): void;
  /**
   * The fields of a run of CLI delta lines (consecutive, in one chunk, of one content block and agent), their
   * fragments joined in `partialJson`; their events would say the same (`messageId` from the reader's state).
   * `rawLines`: the run's lines (with the `rawLines` option; otherwise undefined).
   */
  delta(
    index: number,
    partialJson: string,
    parentToolUseId: string | undefined,
    messageId: string | undefined,
    rawLines?: RawLineRun,
  ): void;
}

export class StreamJsonReader {
  private readonly lines: LineSplitter;
  private readonly state = new DecodeState();
  private readonly fastPath: boolean;
  private readonly sink: ReaderSink | undefined;
  /** Where matchCliDelta writes a delta line's fields (sink mode). */
  private readonly fields: CliDeltaFields = { index: 0, partialJson: '', parent: undefined };
  private lineNumber = 0;
  /**
   * Sink mode: the fragments of the run of delta lines being read (consecutive lines of one content block of one
   * agent), handed over as one text when the run ends (another line, the end of a chunk).
   */
  private readonly run: string[] = [];
  private runIndex = 0;
  private runParent: string | undefined;
  private runMessageId: string | undefined;
  /** With the rawLines option: the lines of the run being read. */
  private runRaw: RawLineRun | undefined;
  /** Where onLine puts events: the array the current push() or end() returns. */
  private out: CliEvent[] = [];

  constructor(options: StreamJsonReaderOptions = {}) {
    this.fastPath = options.fastPath ?? true;
    this.sink = options.sink;
    const maxLineChars = options.maxLineChars ?? MAX_LINE_CHARS;
    if (options.rawLines && this.sink) this.runRaw = new RawLineRun();
    this.lines = new LineSplitter({
      maxLineChars,
      onOversized: (chars) => {
        this.lineNumber++;
        this.endRun();
        this.out.push({
          kind: 'garbage',
          line: '',
          error: `line longer than ${maxLineChars} characters (${chars} read), dropped`,
          oversizedChars: chars,
        });
      },
    });
  }

  push(chunk: string | Uint8Array): CliEvent[] {
    const events: CliEvent[] = [];
    this.out = events;
    this.lines.pushSpans(chunk, this.onLine);
    this.endRun();
    return this.handedOver(events);
  }

  /** A delta line's fragment joins the run being read, or ends it and starts another. */
  private deltaLine(index: number, parent: string | undefined, partialJson: string): void {
    const run = this.run;
    if (run.length === 0 || index !== this.runIndex || parent !== this.runParent) {
      this.endRun();
      this.handedOver(this.out); // what came before this line goes first
      this.runIndex = index;
      this.runParent = parent;
      this.runMessageId = this.state.messageId(parent ?? '');
    }
    run.push(partialJson);
  }

  /** Call once stdout has closed: flushes a last line that had no newline. */
  end(): CliEvent[] {
    const events: CliEvent[] = [];
    this.out = events;
    this.lines.endSpans(this.onLine);
    this.endRun();
    return this.handedOver(events);
  }

  /** With a sink, the events not yet handed over go to it now (in order), and none are returned. */
  private handedOver(events: CliEvent[]): CliEvent[] {
    if (!this.sink || events.length === 0) return events;
    for (const event of events) this.sink.event(event);
    events.length = 0;
    return events;
  }

  /** The LineSplitter's sink, made once: a line is text[start, end), usually inside a whole stdout chunk. */
  private readonly onLine = (text: string, start: number, end: number): void => {
    this.lineNumber++;
    if (this.fastPath) {
      // The CLI's delta lines are read in place; only other lines are copied out of the chunk.
      if (this.sink) {
        const f = this.fields;
        if (matchCliDelta(text, start, end, f)) {
          this.deltaLine(f.index, f.parent, f.partialJson);
          this.runRaw?.addLine(text.slice(start, end));
          return;
        }
        this.endRun();
      } else {
        const delta = cliDeltaEventAt(text, start, end, this.state);
        if (delta !== undefined) {
          this.out.push(delta);
          return;
        }
      }
    }
    this.decodeLine(text.slice(start, end), this.out);
  };

  /** Hands over the run of delta fragments read so far, as one. */
  private endRun(): void {
    const run = this.run;
    if (run.length === 0) return;
    const text = run.length === 1 ? run[0]! : run.join('');
    run.length = 0;
    const raw = this.runRaw;
    if (!raw) return this.sink!.delta(this.runIndex, text, this.runParent, this.runMessageId);
    this.runRaw = new RawLineRun();
    this.sink!.delta(this.runIndex, text, this.runParent, this.runMessageId, raw);
  }

  private decodeLine(line: string, out: CliEvent[]): void {
    if (this.fastPath) {
      const raw = parseInputJsonDelta(line);
      if (raw !== undefined) {
        const first = out.length;
        pushCliEvents(raw, this.state, out);
        keepLine(out, first, line);
        return;
      }
    }
    // A BOM can only precede the first line; blank lines (keep-alives, CRLF doubling) carry nothing.
    const text = this.lineNumber === 1 && line.charCodeAt(0) === 0xfeff ? line.slice(1) : line;
    if (text.trim().length === 0) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      out.push(garbage(text, error instanceof Error ? error.message : String(error)));
      return;
    }
    if (!isRecord(parsed)) {
      out.push(garbage(text, 'line is JSON but not an object'));
      return;
    }
    const first = out.length;
    pushCliEvents(parsed, this.state, out);
    keepLine(out, first, text);
  }
}

/**
 * The events a line made keep the line as it came (History's raw lines are the CLI's own, and an answer-sized line
 * need not be serialised again: the result and assistant lines of a large answer are ~1 MB), and all but the first
 * say the line was already seen. Not enumerable, so events still compare by what they say.
 */
function keepLine(out: CliEvent[], first: number, line: string): void {
  for (let i = first; i < out.length; i++) {
    Object.defineProperty(out[i], 'line', { value: line });
    if (i > first) Object.defineProperty(out[i], 'sameLine', { value: true });
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
