/**
 * The live preview's feed from an HTTP engine: the answer fragments its client decodes in one turn of the event
 * loop reach the preview as one `partial` event, as the CLI's fragments of one stdout chunk do (PartialBatcher).
 * A client decodes what one network read delivered (hundreds of SSE events or NDJSON lines when the answer comes
 * fast) without giving the event loop a turn, and handing each fragment to the preview on its own (an event, a
 * parser push) cost more than the parsing. A fragment waits only for the end of the turn it was decoded in (the
 * flush is a setImmediate, which runs once the client has decoded what already arrived, before the next read), or
 * until HELD_CHARS are held: when a whole answer arrives at once, the preview still follows the client's decoding
 * a few KB behind instead of waiting for all of it.
 *
 * An answer that trickles in (one fragment per network read, as a model generating at its pace sends it) gains
 * nothing from joining, and a setImmediate per fragment would cost more than the preview's parsing of it: after a
 * turn of one fragment, fragments pass straight on, and one in SAMPLE_EVERY looks again whether its turn holds more.
 * Raw lines are not held (History and the activity see them at once), so a turn's answer text may follow its raw
 * lines; the fragments themselves stay in order, and `flush` passes on what is held when the stream ends.
 */
import { PartialBatcher, type PartialEvent } from './partialBatcher';

/** Characters of answer text held at most before they are passed on within the same turn. */
export const HELD_CHARS = 4096;
/** While fragments come one per turn, every this many one is watched for more in its turn. */
export const SAMPLE_EVERY = 16;

export class TurnPartials {
  private readonly batcher: PartialBatcher;
  /** Fragments are held until the turn ends (else passed straight on). */
  private joining = true;
  private held = 0;
  /** Fragments added in the turn the pending setImmediate was scheduled in. */
  private inTurn = 0;
  /** Fragments passed straight on since a turn was last watched. */
  private unwatched = 0;
  private scheduled: NodeJS.Immediate | undefined;
  private readonly atTurnEnd = () => this.endTurn();

  constructor(private readonly emit: (event: PartialEvent) => void) {
    this.batcher = new PartialBatcher(emit);
  }

  /** A fragment of `block`: passed on at the end of this turn of the event loop, or now while they trickle. */
  add(block: number, text: string): void {
    if (this.scheduled !== undefined) {
      // A second fragment in a watched turn: they come faster than one per read, join them from here.
      if (++this.inTurn > 1) this.joining = true;
    } else if (this.joining || ++this.unwatched >= SAMPLE_EVERY) {
      this.inTurn = 1;
      this.unwatched = 0;
      this.scheduled = setImmediate(this.atTurnEnd);
    }
    if (!this.joining) return this.emit({ type: 'partial', text, block });
    this.batcher.add(block, text);
    this.held += text.length;
    if (this.held >= HELD_CHARS) {
      this.held = 0;
      this.batcher.flush();
    }
  }

  /**
   * What the end of a watched turn does (its setImmediate runs it; a replay that knows where turns end may call
   * it): passes on what is held, and joins the next turn's fragments only if this one had more than one.
   */
  endTurn(): void {
    if (this.scheduled === undefined) return;
    clearImmediate(this.scheduled);
    this.scheduled = undefined;
    this.joining = this.inTurn > 1;
    this.held = 0;
    this.batcher.flush();
  }

  /** Passes on what is held now (the stream ended, failed or was cancelled), and nothing later. */
  flush(): void {
    if (this.scheduled !== undefined) {
      clearImmediate(this.scheduled);
      this.scheduled = undefined;
    }
    this.held = 0;
    this.batcher.flush();
  }
}
