// The loopback server under the OpenAI, Ollama and Gemini mocks: it records every request, hands the model
// routes the next scripted turn, and writes SSE or NDJSON bodies. Each mock only knows its own wire format.
import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { flood } from './mockFlood';
import type { LlmMockTurn, RecordedLlmRequest } from './mockLlmTypes';

export interface LlmMockOptions {
  /** Replies to model calls, in order. An `error` turn with `times` answers that many calls before moving on. */
  script?: LlmMockTurn[];
  /** Reply once the script is used up. Default: an HTTP 500 saying the script is exhausted (a test bug). */
  whenExhausted?: LlmMockTurn;
  /** Consulted first for every model call, with its parsed body; undefined falls back to `script`. */
  respond?: (body: unknown, index: number) => LlmMockTurn | undefined;
  /** When set, a model call carrying another key is refused as the real API refuses a bad key. */
  apiKey?: string;
}

export interface LlmMock {
  /** The root the official client is pointed at (see each mock for what it includes). */
  readonly url: string;
  /** Every request received, in order of arrival, and the model calls among them (those that took a turn). */
  readonly requests: readonly RecordedLlmRequest[];
  modelCalls(): RecordedLlmRequest[];
  /** Requests whose connection the client closed before the answer ended (cancel tests). */
  readonly abortedSeqs: ReadonlySet<number>;
  /** The first recorded request, past or future, that matches. */
  waitForRequest(predicate: (request: RecordedLlmRequest) => boolean): Promise<RecordedLlmRequest>;
  setScript(script: LlmMockTurn[]): void;
  /** Each `flood` answer: the bytes it sent by the time its connection closed (resolves then). */
  readonly floods: Promise<number>[];
  close(): Promise<void>;
}

/** What a route hands back: `model` when it consumed a turn, `other` when it answered something else itself. */
export type RouteResult = 'model' | 'other' | undefined;

export interface RouteContext {
  request: RecordedLlmRequest;
  res: http.ServerResponse;
  /** The next scripted turn (the whole script's bookkeeping lives here). */
  takeTurn(): LlmMockTurn;
  /** The key the mock was started with (`apiKey`); the route compares it with the header its API uses. */
  expectedKey: string | undefined;
}

export type LlmRoute = (ctx: RouteContext) => RouteResult;

const EXHAUSTED: LlmMockTurn = { kind: 'error', status: 500, message: 'mock: the script is used up' };

export async function startLlmMock(
  options: LlmMockOptions,
  route: LlmRoute,
  rootPath = '',
): Promise<LlmMock> {
  const requests: RecordedLlmRequest[] = [];
  const arrivals = new EventEmitter();
  const abortedSeqs = new Set<number>();
  const floods: Promise<number>[] = [];
  let script = [...(options.script ?? [])];
  let headErrorCount = 0;
  let calls = 0;

  function takeTurn(body: unknown): LlmMockTurn {
    const responded = options.respond?.(body, calls++);
    if (responded) return responded;
    const head = script[0];
    if (!head) return options.whenExhausted ?? EXHAUSTED;
    if (head.kind === 'error' && (head.times ?? 1) > headErrorCount + 1) {
      headErrorCount += 1;
      return head;
    }
    headErrorCount = 0;
    script.shift();
    return head;
  }

  const server = http.createServer((req, res) => {
    void recordedRequest(req, requests.length + 1).then((request) => {
      res.on('close', () => {
        if (!res.writableEnded) abortedSeqs.add(request.seq);
      });
      requests.push(request);
      const result = route({
        request,
        res,
        takeTurn: () => {
          const turn = takeTurn(request.body);
          if (turn.kind !== 'flood') return turn;
          floods.push(flood(res, turn.bytes));
          return { kind: 'hang' };
        },
        expectedKey: options.apiKey,
      });
      request.kind = result ?? 'unknown';
      if (!result) {
        wire404(res, `mock: no route ${request.method} ${req.url ?? ''}`);
      }
      arrivals.emit('request', request);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${rootPath}`,
    requests,
    modelCalls: () => requests.filter((r) => r.kind === 'model'),
    setScript(next) {
      script = [...next];
      headErrorCount = 0;
    },
    abortedSeqs,
    floods,
    waitForRequest: (predicate) =>
      new Promise((resolve) => {
        const seen = requests.find(predicate);
        if (seen) return resolve(seen);
        const listener = (request: RecordedLlmRequest) => {
          if (!predicate(request)) return;
          arrivals.off('request', listener);
          resolve(request);
        };
        arrivals.on('request', listener);
      }),
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections(); // hanging answers and keep-alive sockets would hold close() open
      await closed;
    },
  };
}

async function recordedRequest(req: http.IncomingMessage, seq: number): Promise<RecordedLlmRequest> {
  let rawBody = '';
  req.setEncoding('utf8');
  for await (const piece of req) rawBody += piece as string;
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  return {
    seq,
    method: req.method ?? 'GET',
    path: url.pathname,
    query: url.searchParams,
    headers: req.headers,
    rawBody,
    body: parseJson(rawBody),
    kind: 'unknown',
  };
}

function wire404(res: http.ServerResponse, message: string): void {
  sendJson(res, 404, { error: message });
}

function parseJson(raw: string): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined; // recorded as raw text only
  }
}

export function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** Starts a streamed body; `write` sends one SSE `data:` event or one NDJSON line, `end` finishes it. */
export function startStream(
  res: http.ServerResponse,
  format: 'sse' | 'ndjson',
): { write(payload: unknown): void; writeRaw(text: string): void; end(): void } {
  res.writeHead(200, {
    'content-type': format === 'sse' ? 'text/event-stream' : 'application/x-ndjson',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  res.flushHeaders();
  return {
    write(payload) {
      const json = JSON.stringify(payload);
      res.write(format === 'sse' ? `data: ${json}\n\n` : `${json}\n`);
    },
    writeRaw(text) {
      res.write(text);
    },
    end() {
      res.end();
    },
  };
}

/** Splits an answer into the fragments a model streams: fixed-size pieces (the size is the turn's `chunkSize`). */
export function fragmentsOf(text: string, chunkSize = 7): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += chunkSize) pieces.push(text.slice(i, i + chunkSize));
  return pieces.length > 0 ? pieces : [''];
}

/** The `retry-after` header a rate-limit turn asks for (seconds, as the HTTP spec has it). */
export function retryAfterHeaders(turn: { retryAfterSeconds?: number }): Record<string, string> {
  return turn.retryAfterSeconds === undefined ? {} : { 'retry-after': String(turn.retryAfterSeconds) };
}
