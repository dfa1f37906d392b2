// A loopback Ollama API, written from Ollama's API reference (docs.ollama.com/api: chat, streaming, tags, show,
// version, errors):
//   POST /api/chat      `stream: false`: one JSON answer; otherwise NDJSON (application/x-ndjson), one line per
//                       fragment `{model, created_at, message: {role, content}, done: false}`, then a last line with
//                       `done: true`, `done_reason` ("stop" or "length") and the counts (`prompt_eval_count`,
//                       `eval_count`, durations in nanoseconds). With `tools` in the request the answer is one
//                       `message.tool_calls[0].function` with `arguments` as an object (sent whole, as Ollama does).
//   GET  /api/tags      `{models: [{name, model, modified_at, size, digest, details}]}`
//   POST /api/show      `{capabilities, details, model_info}` for a listed model; 404 otherwise
//   GET  /api/version   `{version}`
// Errors are `{error: "…"}` with the status (404 for an unknown model, 503 "server busy" when overloaded).
// `url` is the server root (`http://127.0.0.1:port`), as the `ollama` client's host wants it.
import type http from 'node:http';
import { argumentsObject, DEFAULT_USAGE, type LlmMockTurn } from './mockLlmTypes';
import * as wire from './mockLlmServer';

export interface MockOllamaOptions extends wire.LlmMockOptions {
  /** Models listed by /api/tags and known to /api/show, with their capabilities (default completion + tools). */
  models?: Record<string, string[]>;
  version?: string;
}

interface ChatBody {
  model?: string;
  stream?: boolean;
  tools?: { type: string; function: { name: string } }[];
}

const CREATED_AT = '2026-11-24T04:00:00.000000Z';

export function startMockOllamaApi(options: MockOllamaOptions = {}): Promise<wire.LlmMock> {
  const models = options.models ?? { 'llama3.2:latest': ['completion', 'tools'] };
  return wire.startLlmMock(options, (ctx) => {
    const { request, res } = ctx;
    if (request.method === 'GET' && request.path === '/api/version') {
      wire.sendJson(res, 200, { version: options.version ?? '0.12.6' });
      return 'other';
    }
    if (request.method === 'GET' && request.path === '/api/tags') {
      const list = Object.keys(models).map((name) => ({
        name,
        model: name,
        modified_at: CREATED_AT,
        size: 2_019_393_189,
        digest: 'a80c4f17acd5',
        details: { format: 'gguf', family: 'llama', parameter_size: '3.2B', quantization_level: 'Q4_K_M' },
      }));
      wire.sendJson(res, 200, { models: list });
      return 'other';
    }
    if (request.method === 'POST' && request.path === '/api/show') {
      const name = (request.body as { model?: string } | undefined)?.model ?? '';
      const capabilities = models[name];
      if (!capabilities) wire.sendJson(res, 404, { error: `model '${name}' not found` });
      else wire.sendJson(res, 200, { capabilities, details: { family: 'llama' }, model_info: {} });
      return 'other';
    }
    if (request.method !== 'POST' || request.path !== '/api/chat') return undefined;
    answer(ctx, (request.body ?? {}) as ChatBody);
    return 'model';
  });
}

function sendError(res: http.ServerResponse, turn: Extract<LlmMockTurn, { kind: 'error' }>): void {
  const message =
    turn.message ??
    (turn.status === 503
      ? 'server busy, please try again.  maximum pending requests exceeded'
      : 'mock error');
  wire.sendJson(res, turn.status, { error: message }, wire.retryAfterHeaders(turn));
}

function answer(ctx: wire.RouteContext, body: ChatBody): void {
  const turn = ctx.takeTurn();
  if (turn.kind === 'error') return sendError(ctx.res, turn);
  if (turn.kind === 'hang' || turn.kind === 'flood') return; // left open (a flood is answered before the route); close() ends it
  if (turn.kind === 'tools')
    return sendError(ctx.res, { kind: 'error', status: 500, message: 'mock: no tool calls here' });
  const tool = body.tools?.length === 1 ? body.tools[0]!.function.name : undefined;
  const asTool = tool !== undefined && turn.kind === 'answer' && turn.as !== 'content';
  const usage = turn.kind === 'answer' ? (turn.usage ?? DEFAULT_USAGE) : DEFAULT_USAGE;
  const base = { model: body.model ?? 'mock', created_at: CREATED_AT };
  const last = {
    done: true,
    done_reason: turn.kind === 'answer' && turn.finish === 'length' ? 'length' : 'stop',
    total_duration: 5_000_000,
    load_duration: 1_000_000,
    prompt_eval_count: usage.input,
    prompt_eval_duration: 1_000_000,
    eval_count: usage.output,
    eval_duration: 3_000_000,
  };
  const toolMessage = () => ({
    role: 'assistant',
    content: '',
    tool_calls: [{ function: { name: tool, arguments: argumentsObject(turn.text) } }],
  });

  if (body.stream === false) {
    if (turn.kind === 'partial-hang') return;
    const message = asTool ? toolMessage() : { role: 'assistant', content: turn.text };
    wire.sendJson(ctx.res, 200, { ...base, message, ...last });
    return;
  }
  const stream = wire.startStream(ctx.res, 'ndjson');
  if (asTool) {
    stream.write({ ...base, message: toolMessage(), done: false });
  } else {
    for (const piece of wire.fragmentsOf(turn.text, turn.kind === 'answer' ? turn.chunkSize : undefined)) {
      stream.write({ ...base, message: { role: 'assistant', content: piece }, done: false });
    }
  }
  if (turn.kind === 'partial-hang') return;
  stream.write({ ...base, message: { role: 'assistant', content: '' }, ...last });
  stream.end();
}
