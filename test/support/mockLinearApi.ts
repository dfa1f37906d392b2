// A loopback Linear GraphQL API (POST /graphql) for the documents Puffin's tracker code sends (operations:
// mockLinearOps.ts). The personal API key goes in the Authorization header as is; a wrong one gets an
// authentication error. Faults are queued with `failNext` (HTTP status, GraphQL errors, headers) and
// `rateLimitNext` (Linear's RATELIMITED answer: HTTP 400, extensions.code RATELIMITED, x-ratelimit-requests-reset).
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  gqlError,
  newLinearState,
  runOperation,
  type GqlAnswer,
  type MockLinearIssue,
  type MockLinearState,
} from './mockLinearOps';

export type { MockLinearIssue, MockLinearState } from './mockLinearOps';

export interface LinearRequest {
  operation: string;
  variables: Record<string, unknown>;
}

export interface LinearFault {
  operation?: string;
  answer: GqlAnswer;
  headers?: Record<string, string>;
}

export interface MockLinearApi {
  url: string;
  apiKey: string;
  state: MockLinearState;
  requests: LinearRequest[];
  issue(identifier: string): MockLinearIssue;
  failNext(fault: LinearFault): void;
  rateLimitNext(resetInMs: number): void;
  mutations(): LinearRequest[];
  close(): Promise<void>;
}

async function readBody(
  req: IncomingMessage,
): Promise<{ query?: string; variables?: Record<string, unknown> }> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as { query?: string; variables?: Record<string, unknown> }) : {};
}

export async function startMockLinearApi(options: { teams?: string[] } = {}): Promise<MockLinearApi> {
  const apiKey = 'lin_api_mock0000000000000000000000000000';
  const state = newLinearState(options.teams ?? ['ENG']);
  const requests: LinearRequest[] = [];
  const faults: LinearFault[] = [];
  let clock = Date.parse('2026-11-01T00:00:00Z');
  const now = (): string => new Date((clock += 1000)).toISOString();
  const server = createServer((req, res) => {
    const send = (a: GqlAnswer, headers: Record<string, string> = {}): void => {
      res.writeHead(a.status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      res.end(JSON.stringify(a.body));
    };
    void (async () => {
      const body = await readBody(req);
      const operation = /\b(?:query|mutation)\s+(\w+)/.exec(body.query ?? '')?.[1] ?? '';
      const variables = body.variables ?? {};
      requests.push({ operation, variables });
      const i = faults.findIndex((f) => !f.operation || f.operation === operation);
      if (i !== -1) {
        const f = faults.splice(i, 1)[0]!;
        send(f.answer, f.headers);
        return;
      }
      if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://x').pathname !== '/graphql') {
        send({ status: 404, body: { errors: [{ message: 'Not found' }] } });
        return;
      }
      if (req.headers.authorization !== apiKey) {
        send(
          gqlError(
            401,
            'Authentication required, not authenticated',
            'authentication error',
            'AUTHENTICATION_ERROR',
          ),
        );
        return;
      }
      send(runOperation(state, operation, variables, now));
    })().catch((err: unknown) => send({ status: 500, body: { errors: [{ message: String(err) }] } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  return {
    url,
    apiKey,
    state,
    requests,
    issue(identifier) {
      const found = state.issues.find((x) => x.identifier === identifier);
      if (!found) throw new Error(`no issue ${identifier} in the mock`);
      return found;
    },
    failNext: (fault) => faults.push(fault),
    rateLimitNext(resetInMs) {
      faults.push({
        answer: gqlError(400, 'Rate limit exceeded', 'ratelimited', 'RATELIMITED'),
        headers: {
          'x-ratelimit-requests-limit': '1500',
          'x-ratelimit-requests-remaining': '0',
          'x-ratelimit-requests-reset': String(Date.now() + resetInMs),
        },
      });
    },
    mutations: () => requests.filter((r) => /Create|Update/.test(r.operation)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
