// A loopback Gemini API (Google AI; v1beta and v1 alike, @google/genai 3 defaults to v1), written from its reference (ai.google.dev/api: generating content,
// function calling, models, error codes):
//   POST /v1beta/models/{model}:generateContent            one GenerateContentResponse
//   POST /v1beta/models/{model}:streamGenerateContent?alt=sse   SSE, one GenerateContentResponse per event (no
//        [DONE]); text in `candidates[0].content.parts[].text`, the last event carrying `finishReason` and the final
//        `usageMetadata` (promptTokenCount, candidatesTokenCount). With `toolConfig.functionCallingConfig.mode`
//        "ANY" the answer is one `functionCall {name, args}` part (sent whole). A cut-off answer ends with
//        `finishReason: "MAX_TOKENS"`, a refusal with `finishReason: "SAFETY"` and no content.
//   GET  /v1beta/models                                    `{models: [{name: "models/…", supportedGenerationMethods}]}`
// Errors are `{error: {code, message, status, details}}`; a 429 carries a RetryInfo `retryDelay` (and
// `retry-after`); a wrong `x-goog-api-key` gets 400 INVALID_ARGUMENT with reason API_KEY_INVALID, as Google
// answers it (on every route). `url` is the server root, as @google/genai's `httpOptions.baseUrl` wants it.
import type http from 'node:http';
import { argumentsObject, DEFAULT_USAGE, type LlmMockTurn } from './mockLlmTypes';
import * as wire from './mockLlmServer';

export interface MockGeminiOptions extends wire.LlmMockOptions {
  /** Model ids listed by GET /v1beta/models (without the `models/` prefix). */
  models?: string[];
}

interface GenerateBody {
  tools?: { functionDeclarations?: { name: string }[] }[];
  toolConfig?: { functionCallingConfig?: { mode?: string; allowedFunctionNames?: string[] } };
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};
const TYPE = 'type.googleapis.com/google.rpc';

export function startMockGeminiApi(options: MockGeminiOptions = {}): Promise<wire.LlmMock> {
  return wire.startLlmMock(options, (ctx) => {
    const { request, res } = ctx;
    const route = /^\/v1(?:beta)?\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(
      request.path,
    );
    if (ctx.expectedKey !== undefined && request.headers['x-goog-api-key'] !== ctx.expectedKey) {
      sendError(
        res,
        {
          kind: 'error',
          status: 400,
          message: 'API key not valid. Please pass a valid API key.',
        },
        [{ '@type': `${TYPE}.ErrorInfo`, reason: 'API_KEY_INVALID', domain: 'googleapis.com' }],
      );
      return route ? 'model' : 'other';
    }
    if (request.method === 'GET' && /^\/v1(beta)?\/models$/.test(request.path)) {
      const models = (options.models ?? ['gemini-2.5-flash']).map((id) => ({
        name: `models/${id}`,
        displayName: id,
        supportedGenerationMethods: ['generateContent', 'countTokens'],
      }));
      wire.sendJson(res, 200, { models });
      return 'other';
    }
    if (request.method !== 'POST' || !route) return undefined;
    const streamed = route[2] === 'streamGenerateContent' && request.query.get('alt') === 'sse';
    answer(ctx, (request.body ?? {}) as GenerateBody, route[1]!, streamed);
    return 'model';
  });
}

function sendError(
  res: http.ServerResponse,
  turn: Extract<LlmMockTurn, { kind: 'error' }>,
  details: unknown[] = [],
): void {
  const retry =
    turn.retryAfterSeconds === undefined
      ? []
      : [{ '@type': `${TYPE}.RetryInfo`, retryDelay: `${turn.retryAfterSeconds}s` }];
  const error = {
    code: turn.status,
    message: turn.message ?? `mock error ${turn.status}`,
    status: STATUS_NAMES[turn.status] ?? 'UNKNOWN',
    details: [...details, ...retry],
  };
  wire.sendJson(res, turn.status, { error }, wire.retryAfterHeaders(turn));
}

function forcedFunction(body: GenerateBody): string | undefined {
  const config = body.toolConfig?.functionCallingConfig;
  if (config?.mode !== 'ANY') return undefined;
  return config.allowedFunctionNames?.[0] ?? body.tools?.[0]?.functionDeclarations?.[0]?.name;
}

function answer(ctx: wire.RouteContext, body: GenerateBody, model: string, streamed: boolean): void {
  const turn = ctx.takeTurn();
  if (turn.kind === 'error') return sendError(ctx.res, turn);
  if (turn.kind === 'hang' || turn.kind === 'flood') return; // left open (a flood is answered before the route); close() ends it
  if (turn.kind === 'tools') {
    // The model's own function calls, one response (non-streamed, as a grounded call's look asks).
    const parts = turn.calls.map((c) => ({ functionCall: { name: c.name, args: c.args } }));
    const { input, output } = DEFAULT_USAGE;
    return wire.sendJson(ctx.res, 200, {
      candidates: [{ content: { parts, role: 'model' }, finishReason: 'STOP', index: 0 }],
      usageMetadata: {
        promptTokenCount: input,
        candidatesTokenCount: output,
        totalTokenCount: input + output,
      },
      modelVersion: model,
      responseId: 'mock-response',
    });
  }
  const fn = forcedFunction(body);
  const asCall = fn !== undefined && turn.kind === 'answer' && turn.as !== 'content';
  const usage = turn.kind === 'answer' ? (turn.usage ?? DEFAULT_USAGE) : DEFAULT_USAGE;
  const finishReason =
    turn.kind === 'refusal'
      ? 'SAFETY'
      : turn.kind === 'answer' && turn.finish === 'length'
        ? 'MAX_TOKENS'
        : 'STOP';
  const usageMetadata = (output: number) => ({
    promptTokenCount: usage.input,
    candidatesTokenCount: output,
    totalTokenCount: usage.input + output,
  });
  const response = (parts: unknown[] | undefined, finish: string | undefined, output: number) => ({
    candidates: [
      {
        ...(parts ? { content: { parts, role: 'model' } } : {}),
        ...(finish ? { finishReason: finish } : {}),
        ...(finish === 'SAFETY'
          ? {
              safetyRatings: [
                { category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true },
              ],
            }
          : {}),
        index: 0,
      },
    ],
    usageMetadata: usageMetadata(output),
    modelVersion: model,
    responseId: 'mock-response',
  });
  const callPart = () => ({ functionCall: { name: fn, args: argumentsObject(turn.text) } });

  if (!streamed) {
    if (turn.kind === 'partial-hang') return;
    const parts = turn.kind === 'refusal' ? undefined : [asCall ? callPart() : { text: turn.text }];
    wire.sendJson(ctx.res, 200, response(parts, finishReason, usage.output));
    return;
  }
  const stream = wire.startStream(ctx.res, 'sse');
  if (turn.kind === 'refusal') {
    stream.write(response(undefined, finishReason, 0));
    return stream.end();
  }
  const pieces = asCall
    ? []
    : wire.fragmentsOf(turn.text, turn.kind === 'answer' ? turn.chunkSize : undefined);
  if (asCall) stream.write(response([callPart()], finishReason, usage.output));
  pieces.forEach((piece, i) => {
    const isLast = i === pieces.length - 1 && turn.kind !== 'partial-hang';
    const output = isLast ? usage.output : Math.max(1, Math.round((usage.output * (i + 1)) / pieces.length));
    stream.write(response([{ text: piece }], isLast ? finishReason : undefined, output));
  });
  if (turn.kind !== 'partial-hang') stream.end();
}
