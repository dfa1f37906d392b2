/**
 * The Claude Code CLI's side of the live preview: its StructuredOutput input_json deltas (stream_event lines, with
 * --include-partial-messages) as the answer's fragments, which the neutral preview (llm/previewFeed.ts) parses.
 */
import { createPartialPreview, type ParserFactory } from '../../llm/previewFeed';
import type { PreviewEvent } from '../../llm/promptTypes';
import { STRUCTURED_OUTPUT_TOOL as TOOL } from './extract';
import type { CliEvent } from './stream';

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
