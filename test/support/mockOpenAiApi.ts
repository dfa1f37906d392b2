// A loopback OpenAI-compatible Chat Completions API, written from OpenAI's API reference
// (platform.openai.com/docs/api-reference/chat and .../chat-streaming):
//   POST /v1/chat/completions   200 `chat.completion`, or with `stream: true` SSE `chat.completion.chunk`s ended by
//                               `data: [DONE]` (a usage-only chunk with `choices: []` first when
//                               `stream_options.include_usage`); content deltas, or `tool_calls[0].function.arguments`
//                               deltas when `tool_choice` names a function (finish_reason then "stop", as OpenAI
//                               answers a named tool_choice); `refusal` deltas / `message.refusal`;
//                               `finish_reason: "length"` for a cut-off answer.
//   GET  /v1/models             200 `{object: "list", data: [{id, object: "model", ...}]}`
// Errors carry `{error: {message, type, param, code}}`; 429 has `retry-after`; a wrong bearer key gets 401
// `invalid_api_key` (on every route). `url` is the `/v1` root, as the `openai` client's baseURL wants it.
import type http from 'node:http';
import { DEFAULT_USAGE, type LlmMockTurn, type MockUsage } from './mockLlmTypes';
import * as wire from './mockLlmServer';

export interface MockOpenAiOptions extends wire.LlmMockOptions {
  /** Ids listed by GET /v1/models. */
  models?: string[];
}

interface ChatBody {
  model?: string;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  tools?: { type: string; function: { name: string } }[];
  tool_choice?: string | { type: string; function?: { name: string } };
}

const ERROR_TYPES: Record<number, [type: string, code: string | null]> = {
  400: ['invalid_request_error', null],
  401: ['invalid_request_error', 'invalid_api_key'],
  403: ['invalid_request_error', 'unsupported_country_region_territory'],
  404: ['invalid_request_error', 'model_not_found'],
  429: ['requests', 'rate_limit_exceeded'],
  500: ['server_error', null],
  503: ['server_error', null],
};

export function startMockOpenAiApi(options: MockOpenAiOptions = {}): Promise<wire.LlmMock> {
  let ids = 0;
  return wire.startLlmMock(
    options,
    (ctx) => {
      const { request, res } = ctx;
      const isCall = request.method === 'POST' && request.path === '/v1/chat/completions';
      if (ctx.expectedKey !== undefined && request.headers.authorization !== `Bearer ${ctx.expectedKey}`) {
        sendError(res, { kind: 'error', status: 401, message: 'Incorrect API key provided.' });
        return isCall ? 'model' : 'other';
      }
      if (request.method === 'GET' && request.path === '/v1/models') {
        const data = (options.models ?? ['gpt-4o-mini']).map((id) => ({
          id,
          object: 'model',
          created: 1_700_000_000,
          owned_by: 'mock',
        }));
        wire.sendJson(res, 200, { object: 'list', data });
        return 'other';
      }
      if (!isCall) return undefined;
      answer(ctx, (request.body ?? {}) as ChatBody, `chatcmpl-mock${++ids}`);
      return 'model';
    },
    '/v1',
  );
}

function forcedTool(body: ChatBody): string | undefined {
  const choice = body.tool_choice;
  if (choice && typeof choice === 'object' && choice.function) return choice.function.name;
  if (choice === 'required' && body.tools?.length === 1) return body.tools[0]!.function.name;
  return undefined;
}

function sendError(res: http.ServerResponse, turn: Extract<LlmMockTurn, { kind: 'error' }>): void {
  const [type, code] = ERROR_TYPES[turn.status] ?? ['server_error', null];
  const message = turn.message ?? `mock error ${turn.status}`;
  wire.sendJson(
    res,
    turn.status,
    { error: { message, type, param: null, code } },
    {
      'x-request-id': `req_mock_${turn.status}`,
      ...wire.retryAfterHeaders(turn),
    },
  );
}

function usageOf(usage: MockUsage): Record<string, number> {
  return {
    prompt_tokens: usage.input,
    completion_tokens: usage.output,
    total_tokens: usage.input + usage.output,
  };
}

function answer(ctx: wire.RouteContext, body: ChatBody, id: string): void {
  const turn = ctx.takeTurn();
  if (turn.kind === 'error') return sendError(ctx.res, turn);
  if (turn.kind === 'hang' || turn.kind === 'flood') return; // left open (a flood is answered before the route); close() ends it
  if (turn.kind === 'tools') return sendToolCalls(ctx.res, turn, body, id);
  const tool = forcedTool(body);
  const text = turn.text;
  const asTool = tool !== undefined && turn.kind !== 'refusal' && (!('as' in turn) || turn.as !== 'content');
  const finish = turn.kind === 'answer' && turn.finish === 'length' ? 'length' : 'stop';
  const usage = turn.kind === 'answer' ? (turn.usage ?? DEFAULT_USAGE) : DEFAULT_USAGE;
  const base = {
    id,
    created: 1_700_000_000,
    model: body.model ?? 'mock-model',
    system_fingerprint: 'fp_mock',
  };
  const callId = `call_${id}`;

  if (!body.stream) {
    if (turn.kind === 'partial-hang') return;
    const message =
      turn.kind === 'refusal'
        ? { role: 'assistant', content: null, refusal: text }
        : asTool
          ? {
              role: 'assistant',
              content: null,
              refusal: null,
              tool_calls: [{ id: callId, type: 'function', function: { name: tool, arguments: text } }],
            }
          : { role: 'assistant', content: text, refusal: null };
    wire.sendJson(ctx.res, 200, {
      ...base,
      object: 'chat.completion',
      choices: [{ index: 0, message, logprobs: null, finish_reason: finish }],
      usage: usageOf(usage),
    });
    return;
  }

  const withUsage = body.stream_options?.include_usage === true;
  const stream = wire.startStream(ctx.res, 'sse');
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
    stream.write({
      ...base,
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      ...(withUsage ? { usage: null } : {}),
      ...(turn.kind === 'answer' && turn.echo !== undefined ? { echo: turn.echo } : {}),
    });
  const pieces = wire.fragmentsOf(text, turn.kind === 'answer' ? turn.chunkSize : undefined);
  if (asTool) {
    const head = { index: 0, id: callId, type: 'function', function: { name: tool, arguments: '' } };
    chunk({ role: 'assistant', content: null, tool_calls: [head] });
    for (const piece of pieces) chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] });
  } else if (turn.kind === 'refusal') {
    chunk({ role: 'assistant', content: null, refusal: '' });
    for (const piece of pieces) chunk({ refusal: piece });
  } else {
    chunk({ role: 'assistant', content: '', refusal: null });
    for (const piece of pieces) chunk({ content: piece });
  }
  if (turn.kind === 'partial-hang') return;
  chunk({}, finish);
  if (withUsage)
    stream.write({ ...base, object: 'chat.completion.chunk', choices: [], usage: usageOf(usage) });
  stream.writeRaw('data: [DONE]\n\n');
  stream.end();
}

/** The model's own tool calls, one `chat.completion` ending with `finish_reason: "tool_calls"`. */
function sendToolCalls(
  res: http.ServerResponse,
  turn: Extract<LlmMockTurn, { kind: 'tools' }>,
  body: ChatBody,
  id: string,
): void {
  const tool_calls = turn.calls.map((c, i) => ({
    id: `call_${id}_${i}`,
    type: 'function',
    function: { name: c.name, arguments: JSON.stringify(c.args) },
  }));
  wire.sendJson(res, 200, {
    id,
    created: 1_700_000_000,
    model: body.model ?? 'mock-model',
    object: 'chat.completion',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: null, refusal: null, tool_calls },
        logprobs: null,
        finish_reason: 'tool_calls',
      },
    ],
    usage: usageOf(DEFAULT_USAGE),
  });
}
