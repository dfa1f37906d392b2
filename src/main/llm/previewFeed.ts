/**
 * Live preview, for every provider: the answer's growing JSON text (neutral `partial` engine events) goes into a
 * fresh incremental parser per answer block, and what the parser sees close is forwarded. A new block (the engine
 * starting its answer over, e.g. the CLI asking again after an invalid StructuredOutput call) starts over with a
 * `reset` event. Preview only: the final object always comes from the provider's answer and local validation.
 * `CliPartials` reads the answer's fragments out of the CLI's stream_event lines (with --include-partial-messages).
 */
import type { EngineEvent } from '../engines/provider';
import type { CliEvent } from './stream';
import type { PreviewEvent } from './promptTypes';

export interface IncrementalJsonParser {
  /** Consumes the next fragment and returns what became visible. */
  push(fragment: string): PreviewEvent[];
}

export type ParserFactory = () => IncrementalJsonParser;

const TOOL = 'StructuredOutput';

/** Feeds `partial` events to the parser of their block; every other event is ignored. */
export function createPartialPreview(
  sink: (event: PreviewEvent) => void,
  newParser: ParserFactory,
): (e: EngineEvent) => void {
  let current: { block: number; parser: IncrementalJsonParser | undefined } | undefined;
  let blocks = 0;
  const emit = (event: PreviewEvent) => {
    try {
      sink(event);
    } catch {
      // The preview is cosmetic: a failing UI callback must not fail the call.
    }
  };
  return (e) => {
    if (e.type !== 'partial') return;
    if (current?.block !== e.block) {
      blocks++;
      if (blocks > 1) emit({ type: 'reset', attempt: blocks });
      current = { block: e.block, parser: newParser() };
    }
    if (!current.parser || e.text === '') return;
    let events: PreviewEvent[];
    try {
      events = current.parser.push(e.text);
    } catch {
      current.parser = undefined; // a parser that gives up stops the preview for this block, nothing else
      return;
    }
    for (const ev of events) emit(ev);
  };
}

/**
 * The CLI's StructuredOutput input_json deltas as the answer's text (top-level only: a subagent's calls are not the
 * answer), without an object per delta: `text(e)` is the fragment an event adds to block `block`, '' for the
 * start of a block (so a new attempt resets the preview at once), or undefined for any other event.
 */
export class CliPartials {
  // The block being previewed, by message id ('' when absent) and content block index: compared field by field,
  // not through a key string built for every delta.
  private current: { messageId: string; index: number | undefined } | undefined;
  /** The block of the last text returned (1 for the first answer block). */
  block = 0;

  text(e: CliEvent): string | undefined {
    if (e.kind !== 'stream_event' || e.parentToolUseId !== undefined) return undefined;
    if (e.blockStart) {
      if (e.blockStart.blockType !== 'tool_use' || e.blockStart.toolName !== TOOL) return undefined;
      this.block++;
      this.current = { messageId: e.messageId ?? '', index: e.index };
      return '';
    }
    if (e.delta?.type !== 'input_json') return undefined;
    return this.deltaText(e.index, e.delta.partialJson, undefined, e.messageId);
  }

  /** text() for an input_json delta given by its fields (StreamJsonReader's sink). */
  deltaText(
    index: number | undefined,
    partialJson: string,
    parentToolUseId: string | undefined,
    messageId: string | undefined,
  ): string | undefined {
    const current = this.current;
    if (parentToolUseId !== undefined || !current) return undefined;
    return current.messageId === (messageId ?? '') && current.index === index ? partialJson : undefined;
  }
}

/** The CLI preview in one: its events → the answer's fragments (CliPartials) → partial events → the parser. */
export function createPreviewFeed(
  sink: (event: PreviewEvent) => void,
  newParser: ParserFactory,
): (e: CliEvent) => void {
  const answer = new CliPartials();
  const feed = createPartialPreview(sink, newParser);
  return (e) => {
    const text = answer.text(e);
    if (text !== undefined) feed({ type: 'partial', text, block: answer.block });
  };
}
