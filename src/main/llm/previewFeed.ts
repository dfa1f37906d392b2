/**
 * Live preview: routes the input_json_delta fragments of each StructuredOutput tool_use block (stream_event lines,
 * with --include-partial-messages) into a fresh incremental parser and forwards what it emits. A later
 * StructuredOutput block (the CLI asking again after an invalid call) starts over with a `reset` event.
 * Preview only: the final object always comes from extraction and validation.
 */
import type { CliEvent } from './stream';
import type { PreviewEvent } from './promptTypes';

export interface IncrementalJsonParser {
  /** Consumes the next fragment and returns what became visible. */
  push(fragment: string): PreviewEvent[];
}

export type ParserFactory = () => IncrementalJsonParser;

const TOOL = 'StructuredOutput';

export function createPreviewFeed(
  sink: (event: PreviewEvent) => void,
  newParser: ParserFactory,
): (e: CliEvent) => void {
  // The block being previewed, by message id ('' when absent) and content block index: compared field by field,
  // not through a key string built for every delta.
  let current: { messageId: string; index: number | undefined; parser: IncrementalJsonParser } | undefined;
  let blocks = 0;
  const emit = (event: PreviewEvent) => {
    try {
      sink(event);
    } catch {
      // The preview is cosmetic: a failing UI callback must not fail the call.
    }
  };
  return (e) => {
    if (e.kind !== 'stream_event' || e.parentToolUseId !== undefined) return;
    if (e.blockStart) {
      if (e.blockStart.blockType !== 'tool_use' || e.blockStart.toolName !== TOOL) return;
      blocks++;
      if (blocks > 1) emit({ type: 'reset', attempt: blocks });
      current = { messageId: e.messageId ?? '', index: e.index, parser: newParser() };
      return;
    }
    if (!current || current.messageId !== (e.messageId ?? '') || current.index !== e.index) return;
    if (e.delta?.type !== 'input_json') return;
    let events: PreviewEvent[];
    try {
      events = current.parser.push(e.delta.partialJson);
    } catch {
      current = undefined; // a parser that gives up stops the preview for this block, nothing else
      return;
    }
    for (const ev of events) emit(ev);
  };
}
