// How the mock Messages API writes each kind of scripted reply: a message (JSON or SSE stream), an error, an
// error inside a stream, or a partial stream that never ends.
import type http from 'node:http';
import type { MessagesRequestBody, MockTurn } from './mockTypes';
import { structuredOutputToolName } from './requestInspection';
import { assistantMessageJson, errorBody, errorTypeForStatus, sseEventsFor } from './mockReplies';

export type MessageTurn = Extract<MockTurn, { kind: 'message' }>;

/** Title and summary requests get a short, schema-shaped answer (they ask for `{"title": …}`). */
export function auxiliaryReply(body: MessagesRequestBody): MessageTurn {
  const wantsJson = body.output_config?.format !== undefined;
  return {
    kind: 'message',
    text: [wantsJson ? '{"title":"Mock title"}' : 'Mock title'],
    stopReason: 'end_turn',
  };
}

export function answerMessage(
  res: http.ServerResponse,
  body: MessagesRequestBody,
  turn: MessageTurn,
  nextId: () => number,
): void {
  const toolName = structuredOutputToolName(body.tools);
  const messageId = nextId();
  const requestId = `req_mock_${nextId()}`;
  const blocks = [
    ...(turn.text ?? []).map((t) => ({ type: 'text' as const, text: t })),
    ...(turn.toolCalls ?? []).map((call) => ({
      type: 'tool_use' as const,
      id: `toolu_mock_${nextId()}`,
      name: call.name ?? toolName,
      input: call.input,
    })),
  ];
  const stopReason = turn.stopReason ?? (turn.toolCalls?.length ? 'tool_use' : 'end_turn');
  const message = {
    id: `msg_mock_${messageId}`,
    model: body.model,
    blocks,
    stopReason,
    ...(turn.echo === undefined ? {} : { echo: turn.echo }),
    ...(turn.fragmentChars === undefined ? {} : { fragmentChars: turn.fragmentChars }),
  };
  if (body.stream) {
    sendSse(res, requestId, sseEventsFor(message));
    res.end();
    return;
  }
  sendJson(res, 200, assistantMessageJson(message), { 'request-id': requestId });
}

export function sendStreamError(
  res: http.ServerResponse,
  body: MessagesRequestBody,
  turn: Extract<MockTurn, { kind: 'stream-error' }>,
  nextId: () => number,
): void {
  const requestId = `req_mock_${nextId()}`;
  const message = { id: `msg_mock_${nextId()}`, model: body.model, blocks: [], stopReason: 'end_turn' };
  // message_start, then (optionally) the start of a text block, then the error instead of the rest.
  const [start] = sseEventsFor(message);
  const events: Record<string, unknown>[] = [start ?? {}];
  if (turn.partialText) {
    events.push({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
    events.push({
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'text_delta', text: turn.partialText },
    });
  }
  const type = turn.errorType ?? 'overloaded_error';
  events.push(errorBody(type, turn.message ?? `mock ${type}`, requestId));
  sendSse(res, requestId, events);
  res.end();
}

export function sendPartialThenHang(
  res: http.ServerResponse,
  body: MessagesRequestBody,
  turn: Extract<MockTurn, { kind: 'partial-hang' }>,
  nextId: () => number,
): void {
  const requestId = `req_mock_${nextId()}`;
  const message = { id: `msg_mock_${nextId()}`, model: body.model, blocks: [], stopReason: 'tool_use' };
  const [start] = sseEventsFor(message);
  const events: Record<string, unknown>[] = [
    start ?? {},
    {
      type: 'content_block_start',
      index: 0,
      content_block: {
        type: 'tool_use',
        id: `toolu_mock_${nextId()}`,
        name: structuredOutputToolName(body.tools),
        input: {},
      },
    },
    {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'input_json_delta', partial_json: turn.partialJson },
    },
  ];
  sendSse(res, requestId, events);
  // No content_block_stop / message_stop: the reply stays open until the client goes away or close().
}

export function sendError(
  res: http.ServerResponse,
  turn: Extract<MockTurn, { kind: 'error' }>,
  id: number,
): void {
  const requestId = `req_mock_${id}`;
  const type = turn.errorType ?? errorTypeForStatus(turn.status);
  const headers: Record<string, string> = { 'request-id': requestId };
  if (turn.retryAfterSeconds !== undefined) headers['retry-after'] = String(turn.retryAfterSeconds);
  sendJson(res, turn.status, errorBody(type, turn.message ?? `mock ${type}`, requestId), headers);
}

export function sendJson(
  res: http.ServerResponse,
  status: number,
  payload: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(payload);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** Starts an event stream and writes the events (`event: <type>` + `data: <json>`); the caller ends it or not. */
function sendSse(res: http.ServerResponse, requestId: string, events: readonly { type?: unknown }[]): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    'request-id': requestId,
  });
  for (const event of events) res.write(`event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`);
}
