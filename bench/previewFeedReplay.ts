// The live preview as sendPrompt wires it, for the preview bench: the answer's fragments arrive as the engines
// emit them (an HTTP engine: one `partial` event per chunk; the CLI: its deltas joined per stdout chunk by
// PartialBatcher) and go through createPartialPreview, a fresh PartialJsonParser per answer, to a sink that keeps
// every preview event as the generation's progress does.
import { PartialBatcher } from '../src/main/engines/partialBatcher';
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

/** An HTTP engine's answer: one partial event per delta (apiAttempt emits one per chunk that adds text). */
export function apiFeedReplay(deltas: readonly string[]): () => PreviewEvent[] {
  return () => {
    const events: PreviewEvent[] = [];
    const preview = feed(events);
    for (const text of deltas) preview({ type: 'partial', text, block: 1 });
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
