// Reading a raw stream-json transcript the way the protocol tests need: by type and content, never
// by key order (2.1.218+ result lines do not start with "type").
import { STRUCTURED_OUTPUT_TOOL } from './requestInspection';

export type StreamLine = Record<string, unknown>;

interface ContentBlock {
  type?: string;
  id?: string;
  name?: string;
  input?: unknown;
  text?: string;
  tool_use_id?: string;
  content?: unknown;
  is_error?: boolean;
}

export interface TranscriptSummary {
  init: StreamLine | undefined;
  /** The last result line. */
  result: StreamLine | undefined;
  /** Each assistant line with its message id and its (single) content block. */
  assistantBlocks: { messageId: string | undefined; block: ContentBlock }[];
  /** StructuredOutput tool_use blocks in order. */
  structuredCalls: { id: string | undefined; input: unknown }[];
  /** The tool_result answering each StructuredOutput call, in call order. */
  structuredResults: { text: string; isError: boolean }[];
  /** Synthetic user lines that urge the model to call the tool. */
  nudges: string[];
  apiRetries: StreamLine[];
  streamEvents: Record<string, unknown>[];
}

function contentOf(line: StreamLine): ContentBlock[] {
  const message = line.message as { content?: unknown } | undefined;
  return Array.isArray(message?.content) ? (message.content as ContentBlock[]) : [];
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return (content as ContentBlock[]).map((b) => b.text ?? '').join('');
  return '';
}

export function summarizeTranscript(lines: StreamLine[]): TranscriptSummary {
  const assistantBlocks: TranscriptSummary['assistantBlocks'] = [];
  const toolResults = new Map<string, { text: string; isError: boolean }>();
  const nudges: string[] = [];
  for (const line of lines) {
    if (line.type === 'assistant') {
      const messageId = (line.message as { id?: string } | undefined)?.id;
      for (const block of contentOf(line)) assistantBlocks.push({ messageId, block });
    } else if (line.type === 'user') {
      for (const block of contentOf(line)) {
        if (block.type === 'tool_result' && block.tool_use_id) {
          toolResults.set(block.tool_use_id, {
            text: textOf(block.content),
            isError: block.is_error === true,
          });
        } else if (
          block.type === 'text' &&
          line.isSynthetic === true &&
          /StructuredOutput/.test(block.text ?? '')
        ) {
          nudges.push(block.text ?? '');
        }
      }
    }
  }
  const structuredCalls = assistantBlocks
    .filter(({ block }) => block.type === 'tool_use' && block.name === STRUCTURED_OUTPUT_TOOL)
    .map(({ block }) => ({ id: block.id, input: block.input }));
  return {
    init: lines.find((l) => l.type === 'system' && l.subtype === 'init'),
    result: lines.filter((l) => l.type === 'result').at(-1),
    assistantBlocks,
    structuredCalls,
    structuredResults: structuredCalls.flatMap((call) => {
      const found = call.id ? toolResults.get(call.id) : undefined;
      return found ? [found] : [];
    }),
    nudges,
    apiRetries: lines.filter((l) => l.type === 'system' && l.subtype === 'api_retry'),
    streamEvents: lines
      .filter((l) => l.type === 'stream_event')
      .map((l) => l.event as Record<string, unknown>),
  };
}

/** The partial_json fragments of every input_json_delta, in order. */
export function inputJsonDeltas(summary: TranscriptSummary): string[] {
  return summary.streamEvents.flatMap((event) => {
    const delta = event.delta as { type?: string; partial_json?: string } | undefined;
    return event.type === 'content_block_delta' && delta?.type === 'input_json_delta'
      ? [delta.partial_json ?? '']
      : [];
  });
}

/**
 * One word per line that ignores ids, timings and texts: `type[/subtype]` plus, for assistant and
 * user lines, each block's type, tool name and error flag. Two runs of the same CLI build through
 * the same situation have equal shapes.
 */
export function lineShapes(lines: StreamLine[]): string[] {
  return lines.map((line) => {
    const head =
      typeof line.subtype === 'string' ? `${String(line.type)}/${line.subtype}` : String(line.type);
    if (line.type !== 'assistant' && line.type !== 'user') return head;
    const blocks = contentOf(line).map(
      (b) => `${b.type ?? '?'}${b.name ? `:${b.name}` : ''}${b.is_error ? '!' : ''}`,
    );
    const content = (line.message as { content?: unknown } | undefined)?.content;
    return `${head}[${typeof content === 'string' ? 'string' : blocks.join(',')}]${line.isSynthetic ? '*' : ''}`;
  });
}
