/**
 * Live preview, for every provider: the answer's growing JSON text (neutral `partial` engine events) goes into a
 * fresh incremental parser per answer block, and what the parser sees close is forwarded. A new block (the engine
 * starting its answer over, e.g. the CLI asking again after an invalid StructuredOutput call) starts over with a
 * `reset` event. Preview only: the final object always comes from the provider's answer and local validation.
 */
import type { EngineEvent } from '../engines/provider';
import type { PreviewEvent } from './promptTypes';

export interface IncrementalJsonParser {
  /** Consumes the next fragment and returns what became visible. */
  push(fragment: string): PreviewEvent[];
}

export type ParserFactory = () => IncrementalJsonParser;

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
    // Most fragments complete nothing: no loop set up for them (this runs once per fragment).
    for (let i = 0; i < events.length; i++) emit(events[i]!);
  };
}
