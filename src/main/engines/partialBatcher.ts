/**
 * Joins consecutive `partial` events of one answer block into one before passing them on. The CLI prints its
 * answer as thousands of 20-byte input_json_delta lines; a stdout chunk holds hundreds of them, and handing each to
 * the preview (an event object, a parser push, its result array) cost more than everything else the live preview
 * does. The preview parser is indifferent to how its text is split (partialJsonParser's tests pin it), so one
 * event per run of fragments shows the same preview. Whoever uses the batcher flushes it before passing on anything
 * else (order is kept) and at the end of each chunk (nothing waits for the next one).
 */
import type { EngineEvent } from './provider';

export type PartialEvent = Extract<EngineEvent, { type: 'partial' }>;

export class PartialBatcher {
  private block = 0;
  private texts: string[] = [];

  constructor(private readonly emit: (event: PartialEvent) => void) {}

  /** Adds a fragment of `block` (the fields of a partial event, without the event). */
  add(block: number, text: string): void {
    if (this.texts.length > 0 && block !== this.block) this.flush();
    this.block = block;
    this.texts.push(text);
  }

  /** Passes on what was added since the last flush, as one event (nothing if nothing was added). */
  flush(): void {
    if (this.texts.length === 0) return;
    const text = this.texts.length === 1 ? this.texts[0]! : this.texts.join('');
    this.texts = [];
    this.emit({ type: 'partial', text, block: this.block });
  }
}
