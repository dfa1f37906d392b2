// A loopback Amazon Bedrock Runtime (Converse API), written from its API reference (docs.aws.amazon.com/bedrock/
// latest/APIReference: API_runtime_Converse, API_runtime_ConverseStream, ConverseStreamOutput, Common errors):
//   POST /model/{modelId}/converse          200 `{output: {message: {role, content: [{text} | {toolUse}]}},
//                                           stopReason, usage: {inputTokens, outputTokens, totalTokens}, metrics}`
//   POST /model/{modelId}/converse-stream   200 `application/vnd.amazon.eventstream`: binary event-stream frames
//        (prelude, headers `:message-type` event, `:event-type`, `:content-type` application/json, a JSON body):
//        messageStart {role}, contentBlockStart {start: {toolUse: {toolUseId, name}}} for a tool call,
//        contentBlockDelta {delta: {text} | {toolUse: {input: "<partial JSON>"}}}, contentBlockStop,
//        messageStop {stopReason}, metadata {usage, metrics}. With `toolConfig.toolChoice.tool.name` the answer is
//        that tool's input. A cut-off answer stops with `max_tokens`, a refusal with `content_filtered`.
// Errors are an HTTP status, `x-amzn-errortype: <Name>:http://internal.amazon.com/coral/com.amazon.bedrock/` and
// `{message}`: 429 ThrottlingException, 403 AccessDeniedException, 400 ValidationException, 503
// ServiceUnavailableException, 500 InternalServerException. With `apiKey`, a request signed with another access
// key id (SigV4 `Credential=<id>/…`) or carrying another Bedrock API key (`Authorization: Bearer …`) gets 403
// UnrecognizedClientException; `echoKey` makes every error body repeat the credentials received, as some servers do.
// `url` is the endpoint the client's `endpoint` option wants.
import type http from 'node:http';
import { EventStreamCodec } from '@smithy/core/event-streams';
import { DEFAULT_USAGE, argumentsObject, type LlmMockTurn } from './mockLlmTypes';
import * as wire from './mockLlmServer';

export interface MockBedrockOptions extends wire.LlmMockOptions {
  /** Refused credentials are repeated in the error body (what the client must keep out of every output). */
  echoKey?: boolean;
  /**
   * ConverseStream `error` turns arrive inside a 200 stream, after its first event, as an exception frame
   * (`:message-type` exception, `:exception-type` e.g. throttlingException), as Bedrock reports errors mid-answer.
   */
  errorsInStream?: boolean;
}

interface ConverseBody {
  toolConfig?: { tools?: { toolSpec?: { name: string } }[]; toolChoice?: { tool?: { name: string } } };
}

const ERROR_NAMES: Record<number, string> = {
  400: 'ValidationException',
  403: 'AccessDeniedException',
  404: 'ResourceNotFoundException',
  408: 'ModelTimeoutException',
  429: 'ThrottlingException',
  500: 'InternalServerException',
  503: 'ServiceUnavailableException',
};

const codec = new EventStreamCodec(
  (bytes) => Buffer.from(bytes).toString('utf8'),
  (text) => new Uint8Array(Buffer.from(text, 'utf8')),
);

/** One event-stream frame of a ConverseStream event, as Bedrock frames it. */
export function eventFrame(type: string, payload: unknown): Uint8Array {
  return codec.encode({
    headers: {
      ':event-type': { type: 'string', value: type },
      ':content-type': { type: 'string', value: 'application/json' },
      ':message-type': { type: 'string', value: 'event' },
    },
    body: new Uint8Array(Buffer.from(JSON.stringify({ ...(payload as object), p: 'abcdefgh' }))),
  });
}

/** A 200 stream that starts, then reports the error as an exception frame and ends. */
function streamException(res: http.ServerResponse, status: number, message?: string): void {
  const name = ERROR_NAMES[status] ?? 'InternalServerException';
  res.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream' });
  res.write(eventFrame('messageStart', { role: 'assistant' }));
  const frame = codec.encode({
    headers: {
      ':exception-type': { type: 'string', value: name.charAt(0).toLowerCase() + name.slice(1) },
      ':content-type': { type: 'string', value: 'application/json' },
      ':message-type': { type: 'string', value: 'exception' },
    },
    body: new Uint8Array(Buffer.from(JSON.stringify({ message: message ?? `mock error ${status}` }))),
  });
  res.end(frame);
}

function authorized(headers: http.IncomingHttpHeaders, key: string): boolean {
  const auth = headers.authorization ?? '';
  return auth === `Bearer ${key}` || auth.includes(`Credential=${key}/`);
}

function sendError(res: http.ServerResponse, status: number, message?: string, name?: string): void {
  const type = name ?? ERROR_NAMES[status] ?? 'InternalServerException';
  wire.sendJson(
    res,
    status,
    { message: message ?? `mock error ${status}` },
    {
      'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/`,
      'x-amzn-requestid': `mock-${status}`,
    },
  );
}

export function startMockBedrockApi(options: MockBedrockOptions = {}): Promise<wire.LlmMock> {
  return wire.startLlmMock(options, (ctx) => {
    const { request, res } = ctx;
    const route = /^\/model\/([^/]+)\/(converse|converse-stream)$/.exec(request.path);
    if (request.method !== 'POST' || !route) return undefined;
    const said = options.echoKey
      ? ` (received: ${request.headers.authorization ?? ''} ${String(request.headers['x-amz-security-token'] ?? '')})`
      : '';
    if (ctx.expectedKey !== undefined && !authorized(request.headers, ctx.expectedKey)) {
      sendError(
        res,
        403,
        `The security token included in the request is invalid.${said}`,
        'UnrecognizedClientException',
      );
      return 'model';
    }
    const turn = ctx.takeTurn();
    if (turn.kind === 'error' && options.errorsInStream && route[2] === 'converse-stream') {
      streamException(res, turn.status, turn.message);
      return 'model';
    }
    if (turn.kind === 'error') {
      sendError(res, turn.status, `${turn.message ?? `mock error ${turn.status}`}${said}`);
      return 'model';
    }
    if (turn.kind === 'hang' || turn.kind === 'flood') return 'model'; // left open; close() ends it (a flood is answered before the route)
    const body = (request.body ?? {}) as ConverseBody;
    const tool = body.toolConfig?.toolChoice?.tool?.name;
    if (route[2] === 'converse') converse(res, turn, tool);
    else converseStream(res, turn, tool);
    return 'model';
  });
}

type Answered = Exclude<LlmMockTurn, { kind: 'error' | 'hang' | 'flood' }>;

function stopReasonOf(turn: Answered, asTool: boolean): string {
  if (turn.kind === 'refusal') return 'content_filtered';
  if (turn.kind === 'answer' && turn.finish === 'length') return 'max_tokens';
  return asTool || turn.kind === 'tools' ? 'tool_use' : 'end_turn';
}

function usageOf(turn: Answered) {
  const usage = turn.kind === 'answer' ? (turn.usage ?? DEFAULT_USAGE) : DEFAULT_USAGE;
  return { inputTokens: usage.input, outputTokens: usage.output, totalTokens: usage.input + usage.output };
}

function converse(res: http.ServerResponse, turn: Answered, tool: string | undefined): void {
  if (turn.kind === 'partial-hang') return;
  const asTool = tool !== undefined && turn.kind === 'answer' && turn.as !== 'content';
  const content =
    turn.kind === 'tools'
      ? turn.calls.map((c, i) => ({ toolUse: { toolUseId: `tooluse_${i}`, name: c.name, input: c.args } }))
      : asTool
        ? [{ toolUse: { toolUseId: 'tooluse_0', name: tool, input: argumentsObject(turn.text) } }]
        : [{ text: turn.text }];
  wire.sendJson(res, 200, {
    output: { message: { role: 'assistant', content } },
    stopReason: stopReasonOf(turn, asTool),
    usage: usageOf(turn),
    metrics: { latencyMs: 12 },
  });
}

function converseStream(res: http.ServerResponse, turn: Answered, tool: string | undefined): void {
  res.writeHead(200, {
    'content-type': 'application/vnd.amazon.eventstream',
    'x-amzn-requestid': 'mock-stream',
  });
  res.flushHeaders();
  const send = (type: string, payload: unknown) => res.write(eventFrame(type, payload));
  send('messageStart', { role: 'assistant' });
  if (turn.kind === 'tools') throw new Error('mock: a grounded look is not streamed');
  const asTool = tool !== undefined && turn.kind !== 'refusal' && turn.as !== 'content';
  if (asTool) {
    send('contentBlockStart', {
      contentBlockIndex: 0,
      start: { toolUse: { toolUseId: 'tooluse_mock', name: tool } },
    });
  }
  const pieces = wire.fragmentsOf(
    turn.kind === 'refusal' ? '' : turn.text,
    'chunkSize' in turn ? turn.chunkSize : undefined,
  );
  for (const piece of pieces) {
    if (!piece) continue;
    const delta = asTool ? { toolUse: { input: piece } } : { text: piece };
    send('contentBlockDelta', { contentBlockIndex: 0, delta });
  }
  if (turn.kind === 'partial-hang') return;
  send('contentBlockStop', { contentBlockIndex: 0 });
  // A turn's `echo` rides in the model's free-form response fields, which the client passes on as they are.
  const echo = turn.kind === 'answer' && turn.echo !== undefined ? { echo: turn.echo } : undefined;
  send('messageStop', {
    stopReason: stopReasonOf(turn, asTool),
    ...(echo ? { additionalModelResponseFields: echo } : {}),
  });
  send('metadata', { usage: usageOf(turn), metrics: { latencyMs: 12 } });
  res.end();
}
