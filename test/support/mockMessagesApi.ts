// A loopback mock of the Anthropic Messages API, as far as the Claude Code CLI uses it.
// Only the model's replies are scripted; everything the CLI prints stays genuine.
import http from 'node:http';
import { flood } from './mockFlood';
import type { AddressInfo } from 'node:net';
import type { MessagesRequestBody, MockTurn, RecordedRequest, Responder } from './mockTypes';
import { isMainLoopRequest } from './requestInspection';
import { errorBody } from './mockReplies';
import {
  answerMessage,
  auxiliaryReply,
  sendError,
  sendJson,
  sendPartialThenHang,
  sendStreamError,
} from './mockReplySenders';

export interface MockMessagesApiOptions {
  /** Replies to main-loop requests, in order. */
  script?: MockTurn[];
  /** Consulted first for every main-loop request; undefined falls back to `script`. */
  respond?: Responder;
  /**
   * Reply once the script is used up. Default: prose "Done." with end_turn, which is what a model
   * says after a successful StructuredOutput call (older CLIs ask for another turn).
   */
  whenExhausted?: MockTurn;
  /** Overrides how main-loop requests are told from auxiliary ones (titles, summaries). */
  isMainLoop?: (body: MessagesRequestBody) => boolean;
  /** Print every request on stderr (debugging). Unknown requests are always printed. */
  verbose?: boolean;
  /** What `GET /v1/models` lists (one page), for the Settings model picker. */
  models?: string[];
}

export interface MockMessagesApi {
  /** `http://127.0.0.1:<port>`, for ANTHROPIC_BASE_URL. */
  readonly url: string;
  /** Every request received, in order of arrival. */
  readonly requests: readonly RecordedRequest[];
  /** The main-loop `POST /v1/messages` requests only (those that consumed or saw the script). */
  mainRequests(): RecordedRequest[];
  /** Each `flood` answer: the bytes it sent by the time its connection closed (resolves then). */
  readonly floods: Promise<number>[];
  /** Replaces the remaining script (e.g. between two CLI runs on one mock). */
  setScript(script: MockTurn[]): void;
  /** Resolves with the first recorded request (past or future) that matches. */
  waitForRequest(predicate: (request: RecordedRequest) => boolean): Promise<RecordedRequest>;
  close(): Promise<void>;
}

const DEFAULT_EXHAUSTED: MockTurn = { kind: 'message', text: ['Done.'], stopReason: 'end_turn' };

export async function startMockMessagesApi(options: MockMessagesApiOptions = {}): Promise<MockMessagesApi> {
  const requests: RecordedRequest[] = [];
  const floods: Promise<number>[] = [];
  const waiters: { predicate: (r: RecordedRequest) => boolean; resolve: (r: RecordedRequest) => void }[] = [];
  let script = [...(options.script ?? [])];
  // Consecutive requests already answered with the error at the head of the script.
  let headErrorCount = 0;
  let mainIndex = 0;
  let ids = 0;
  const nextId = (): number => ++ids;
  const isMain = options.isMainLoop ?? isMainLoopRequest;

  function record(request: RecordedRequest): void {
    requests.push(request);
    if (options.verbose) {
      console.warn(`[mock-api] #${request.seq} ${request.method} ${request.url} -> ${request.kind}`);
    }
    for (const waiter of [...waiters]) {
      if (waiter.predicate(request)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(request);
      }
    }
  }

  function takeTurn(body: MessagesRequestBody): MockTurn {
    const fromResponder = options.respond?.(body, mainIndex);
    mainIndex += 1;
    if (fromResponder) return fromResponder;
    const head = script[0];
    if (!head) return options.whenExhausted ?? DEFAULT_EXHAUSTED;
    if (head.kind === 'error' || head.kind === 'stream-error') {
      headErrorCount += 1;
      if (headErrorCount >= (head.times ?? 1)) {
        script.shift();
        headErrorCount = 0;
      }
      return head;
    }
    script.shift();
    return head;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const url = req.url ?? '/';
      const path = url.split('?')[0] ?? '/';
      const method = req.method ?? 'GET';
      const body = parseBody(rawBody);
      const base = { seq: requests.length + 1, method, path, url, headers: req.headers, rawBody };

      if (method === 'GET' && path === '/v1/models') {
        record({ ...base, body, kind: 'aux', status: 200 });
        const data = (options.models ?? []).map((id) => ({
          type: 'model',
          id,
          display_name: id,
          created_at: '2025-01-01T00:00:00Z',
        }));
        sendJson(res, 200, {
          data,
          has_more: false,
          first_id: data[0]?.id ?? null,
          last_id: data.at(-1)?.id ?? null,
        });
        return;
      }
      if (method === 'POST' && path === '/v1/messages/count_tokens') {
        record({ ...base, body, kind: 'count_tokens', status: 200 });
        sendJson(res, 200, { input_tokens: 100 });
        return;
      }
      if (method === 'POST' && path === '/v1/messages' && body) {
        if (!isMain(body)) {
          record({ ...base, body, kind: 'aux', status: 200 });
          answerMessage(res, body, auxiliaryReply(body), nextId);
          return;
        }
        reply(takeTurn(body));
        return;
      }
      function reply(turn: MockTurn): void {
        if (turn.kind === 'held') {
          const release = () => reply(turn.then);
          void turn.until.then(release, release);
          return;
        }
        if (!body) return;
        const status =
          turn.kind === 'error' ? turn.status : turn.kind === 'stream-error' && !body.stream ? 529 : 200;
        record({ ...base, body, kind: 'main', turn, status });
        if (turn.kind === 'error') {
          sendError(res, turn, nextId());
        } else if (turn.kind === 'message') {
          answerMessage(res, body, turn, nextId);
        } else if (turn.kind === 'stream-error' && body.stream) {
          sendStreamError(res, body, turn, nextId);
        } else if (turn.kind === 'stream-error') {
          // The CLI's non-streaming fallback: the API reports the same trouble as an HTTP error.
          sendError(
            res,
            { kind: 'error', status: 529, errorType: turn.errorType ?? 'overloaded_error' },
            nextId(),
          );
        } else if (turn.kind === 'flood') {
          floods.push(flood(res, turn.bytes));
        } else if (turn.kind === 'partial-hang' && body.stream) {
          sendPartialThenHang(res, body, turn, nextId);
        }
        // 'hang' (and a non-streamed 'partial-hang'): leave the response open; close() destroys the socket.
        return;
      }
      // Connectivity probes: 2.1.186 sends HEAD /, 2.1.330 HEAD /api/hello (without
      // CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC). Anything answers them.
      if (method === 'HEAD') {
        record({ ...base, kind: 'probe', status: 200 });
        res.writeHead(200).end();
        return;
      }
      record({ ...base, kind: 'unknown', status: 404 });
      console.warn(`[mock-api] unknown request ${method} ${url} ${rawBody.slice(0, 200)}`);
      sendJson(res, 404, errorBody('not_found_error', `mock: no route ${method} ${path}`, 'req_mock_404'));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    floods,
    mainRequests: () => requests.filter((r) => r.kind === 'main'),
    setScript(next) {
      script = [...next];
      headErrorCount = 0;
    },
    waitForRequest(predicate) {
      const found = requests.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ predicate, resolve }));
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Hanging replies and keep-alive sockets would otherwise hold close() open.
        server.closeAllConnections();
      });
    },
  };
}

function parseBody(raw: string): MessagesRequestBody | undefined {
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && Array.isArray((parsed as { messages?: unknown }).messages)) {
      return parsed as MessagesRequestBody;
    }
  } catch {
    // Not JSON: recorded as raw text only.
  }
  return undefined;
}
