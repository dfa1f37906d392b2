import type {
  AssistantBlock,
  CliEvent,
  RawLine,
  ResultEvent,
  StreamDelta,
  StreamEventEvent,
} from './cliEvents';
import { contentText, isRecord, num, record, str, stringArray } from '../../../llm/jsonFields';

/**
 * What decoding remembers between lines: the current message id per (sub)agent, because
 * content_block_delta events do not repeat the id that message_start announced.
 */
export class DecodeState {
  private readonly messageIds = new Map<string, string>();

  messageId(agent: string): string | undefined {
    return this.messageIds.get(agent);
  }

  startMessage(agent: string, id: string | undefined): void {
    if (id === undefined) this.messageIds.delete(agent);
    else this.messageIds.set(agent, id);
  }
}

/** Decodes one parsed stream-json line into `out`. Dispatches on `type`, never on key order. */
export function pushCliEvents(raw: RawLine, state: DecodeState, out: CliEvent[]): void {
  switch (raw.type) {
    case 'stream_event':
      out.push(toStreamEvent(raw, state));
      return;
    case 'system':
      out.push(raw.subtype === 'init' ? toInit(raw) : { kind: 'system', subtype: str(raw.subtype), raw });
      return;
    case 'assistant':
      out.push(toAssistant(raw));
      return;
    case 'user':
      toUser(raw, out);
      return;
    case 'rate_limit_event': {
      const info = record(raw.rate_limit_info) ?? {};
      out.push({
        kind: 'rate_limit',
        status: str(info.status),
        rateLimitType: str(info.rateLimitType),
        resetsAt: num(info.resetsAt),
        info,
        raw,
      });
      return;
    }
    case 'result':
      out.push(toResult(raw));
      return;
    default:
      out.push({ kind: 'unknown', type: str(raw.type), raw });
  }
}

/** Decodes one parsed stream-json line. */
export function toCliEvents(raw: RawLine, state: DecodeState): CliEvent[] {
  const out: CliEvent[] = [];
  pushCliEvents(raw, state, out);
  return out;
}

function toInit(raw: RawLine): CliEvent {
  return {
    kind: 'init',
    cliVersion: str(raw.claude_code_version),
    model: str(raw.model),
    tools: stringArray(raw.tools),
    sessionId: str(raw.session_id),
    cwd: str(raw.cwd),
    raw,
  };
}

function toBlock(block: unknown): AssistantBlock {
  const b = record(block) ?? {};
  const type = str(b.type) ?? 'unknown';
  if (type === 'text') return { type, text: str(b.text) ?? '' };
  if (type === 'thinking') return { type, thinking: str(b.thinking) ?? '' };
  if (type === 'tool_use') return { type, id: str(b.id) ?? '', name: str(b.name) ?? '', input: b.input };
  return { type: 'other', blockType: type, block };
}

function toAssistant(raw: RawLine): CliEvent {
  const message = record(raw.message) ?? {};
  const content = Array.isArray(message.content) ? message.content : [];
  return {
    kind: 'assistant',
    messageId: str(message.id),
    model: str(message.model),
    blocks: content.map(toBlock),
    error: str(raw.error),
    parentToolUseId: str(raw.parent_tool_use_id),
    raw,
  };
}

function toUser(raw: RawLine, out: CliEvent[]): void {
  const message = record(raw.message) ?? {};
  const content = message.content;
  const parentToolUseId = str(raw.parent_tool_use_id);
  let results = 0;
  if (Array.isArray(content)) {
    for (const block of content) {
      if (!isRecord(block) || block.type !== 'tool_result') continue;
      results++;
      out.push({
        kind: 'tool_result',
        toolUseId: str(block.tool_use_id) ?? '',
        isError: block.is_error === true,
        content: contentText(block.content),
        parentToolUseId,
        raw,
      });
    }
  }
  if (results === 0) {
    out.push({ kind: 'user', text: contentText(content), isSynthetic: raw.isSynthetic === true, raw });
  }
}

function toDelta(delta: Record<string, unknown> | undefined): StreamDelta | undefined {
  if (delta?.type === 'input_json_delta' && typeof delta.partial_json === 'string') {
    return { type: 'input_json', partialJson: delta.partial_json };
  }
  if (delta?.type === 'text_delta' && typeof delta.text === 'string')
    return { type: 'text', text: delta.text };
  return undefined;
}

function toStreamEvent(raw: RawLine, state: DecodeState): StreamEventEvent {
  const event = record(raw.event) ?? {};
  const eventType = str(event.type) ?? 'unknown';
  const parentToolUseId = str(raw.parent_tool_use_id);
  const agent = parentToolUseId ?? '';
  if (eventType === 'message_start') state.startMessage(agent, str(record(event.message)?.id));
  const out: StreamEventEvent = {
    kind: 'stream_event',
    eventType,
    event,
    index: num(event.index),
    messageId: state.messageId(agent),
    parentToolUseId,
    raw,
  };
  if (eventType === 'content_block_delta') out.delta = toDelta(record(event.delta));
  if (eventType === 'content_block_start') {
    const block = record(event.content_block) ?? {};
    out.blockStart = {
      blockType: str(block.type) ?? 'unknown',
      toolName: str(block.name),
      toolUseId: str(block.id),
    };
  }
  return out;
}

function toResult(raw: RawLine): ResultEvent {
  const hasStructuredOutput = raw.structured_output !== undefined && raw.structured_output !== null;
  return {
    kind: 'result',
    subtype: str(raw.subtype),
    isError: raw.is_error === true,
    resultText: str(raw.result),
    hasStructuredOutput,
    structuredOutput: hasStructuredOutput ? raw.structured_output : undefined,
    errors: stringArray(raw.errors),
    costUsd: num(raw.total_cost_usd),
    turns: num(raw.num_turns),
    durationMs: num(raw.duration_ms),
    sessionId: str(raw.session_id),
    usage: record(raw.usage),
    modelUsage: record(raw.modelUsage),
    apiErrorStatus: num(raw.api_error_status),
    terminalReason: str(raw.terminal_reason),
    raw,
  };
}
