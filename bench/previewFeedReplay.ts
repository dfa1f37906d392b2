// The live preview as sendPrompt wires it, for the preview bench: the answer's fragments arrive as the engines
// emit them (an HTTP engine: its chunks' fragments joined per turn of the event loop, up to a few KB, by
// TurnPartials; the CLI: its deltas joined per stdout chunk by PartialBatcher) and go through
// createPartialPreview, a fresh PartialJsonParser per answer, to a sink that keeps every preview event as the
// generation's progress does.
import { PartialBatcher } from '../src/main/engines/partialBatcher';
import { TurnPartials } from '../src/main/engines/turnPartials';
import type { EngineEvent } from '../src/main/engines/provider';
import { PartialJsonParser } from '../src/main/llm/preview/partialJsonParser';
import { createPartialPreview } from '../src/main/llm/previewFeed';
import type { PreviewEvent } from '../src/main/llm/promptTypes';

/** Deltas a 64 KB stdout chunk of the CLI's stream-json holds (a delta line is ~230 bytes). */
export const CLI_DELTAS_PER_CHUNK = 280;

function feed(events: PreviewEvent[]): (e: EngineEvent) => void {
  return createPartialPreview(
    (e) => events.push(e),
    () => new PartialJsonParser(),
  );
}

/**
 * An HTTP engine's answer arriving faster than its client decodes it (the whole answer in the socket at once, as
 * from the loopback mocks): every delta decoded in one turn, so TurnPartials passes them on a few KB at a time.
 */
export function apiFeedReplay(deltas: readonly string[]): () => PreviewEvent[] {
  return () => {
    const events: PreviewEvent[] = [];
    const partials = new TurnPartials(feed(events));
    for (const text of deltas) partials.add(1, text);
    partials.flush();
    return events;
  };
}

/**
 * An HTTP engine's answer arriving slower than its client decodes it (each delta in a network read of its own,
 * as a model generating at its pace sends it): each turn ends after one delta, so each is its own event, and
 * TurnPartials watches one turn in SAMPLE_EVERY for more.
 */
export function apiTrickleReplay(deltas: readonly string[]): () => PreviewEvent[] {
  return () => {
    const events: PreviewEvent[] = [];
    const partials = new TurnPartials(feed(events));
    for (const text of deltas) {
      partials.add(1, text);
      partials.endTurn(); // the read is decoded: the event loop turns
    }
    partials.flush();
    return events;
  };
}

/** The CLI's answer: its deltas through PartialBatcher, flushed at the end of each stdout chunk. */
export function cliFeedReplay(deltas: readonly string[]): () => PreviewEvent[] {
  return () => {
    const events: PreviewEvent[] = [];
    const batcher = new PartialBatcher(feed(events));
    for (let i = 0; i < deltas.length; i++) {
      batcher.add(1, deltas[i]!);
      if ((i + 1) % CLI_DELTAS_PER_CHUNK === 0) batcher.flush();
    }
    batcher.flush();
    return events;
  };
}
