// A loopback Jira Cloud REST API v3 for the endpoints Puffin's tracker code calls (routes: mockJiraRoutes.ts):
//   GET  /rest/api/3/myself                                  200 the account · 401
//   GET  /rest/api/3/project/{key}                           200 project · 404
//   GET  /rest/api/3/issue/createmeta/{key}/issuetypes       200 {issueTypes} (Epic 1, Task/Story 0, Subtask -1)
//   POST /rest/api/3/issue                                   201 {id, key, self} · 400 {errors: {field: why}}
//   GET|PUT /rest/api/3/issue/{key}                          200 issue · 204 · 400 · 404
//   GET|POST /rest/api/3/issue/{key}/transitions             200 {transitions} · 204
//   POST /rest/api/3/search/jql                              200 {issues, isLast, nextPageToken}
// Basic authentication with the account's email and API token, else 401. Faults are queued with `failNext` (any
// status, body and headers: a 429 with Retry-After, a 500 once).
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  handleJira,
  newJiraState,
  type Answer,
  type MockJiraIssue,
  type MockJiraState,
} from './mockJiraRoutes';

export type { MockJiraIssue, MockJiraState } from './mockJiraRoutes';

export interface JiraRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface JiraFault {
  method?: string;
  path?: RegExp;
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface MockJiraApi {
  url: string;
  email: string;
  token: string;
  state: MockJiraState;
  requests: JiraRequest[];
  issue(key: string): MockJiraIssue;
  failNext(fault: JiraFault): void;
  writes(): JiraRequest[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : undefined;
}

export async function startMockJiraApi(options: { projects?: string[] } = {}): Promise<MockJiraApi> {
  const email = 'pm@example.com';
  const token = 'ATATT3xFfGF0mock';
  const expected = `Basic ${Buffer.from(`${email}:${token}`).toString('base64')}`;
  const state = newJiraState(options.projects ?? ['PUF']);
  const requests: JiraRequest[] = [];
  const faults: JiraFault[] = [];
  let baseUrl = '';
  const server = createServer((req, res) => {
    const send = (a: Answer, headers: Record<string, string> = {}): void => {
      res.writeHead(a.status, { 'content-type': 'application/json;charset=UTF-8', ...headers });
      res.end(a.body === undefined ? '' : JSON.stringify(a.body));
    };
    void (async () => {
      const url = new URL(req.url ?? '/', baseUrl);
      const method = req.method ?? 'GET';
      const body = await readBody(req);
      requests.push({ method, path: url.pathname, body });
      const i = faults.findIndex(
        (f) => (!f.method || f.method === method) && (!f.path || f.path.test(url.pathname)),
      );
      if (i !== -1) {
        const f = faults.splice(i, 1)[0]!;
        send(
          { status: f.status, body: f.body ?? { errorMessages: ['Injected failure'], errors: {} } },
          f.headers,
        );
        return;
      }
      if (req.headers.authorization !== expected) {
        send({
          status: 401,
          body: { errorMessages: ['Client must be authenticated to access this resource.'], errors: {} },
        });
        return;
      }
      send(handleJira(state, { method, path: url.pathname, body, baseUrl }));
    })().catch((err: unknown) => send({ status: 500, body: { errorMessages: [String(err)], errors: {} } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: baseUrl,
    email,
    token,
    state,
    requests,
    issue(key) {
      const found = state.issues.find((x) => x.key === key);
      if (!found) throw new Error(`no issue ${key} in the mock`);
      return found;
    },
    failNext: (fault) => faults.push(fault),
    writes: () => requests.filter((r) => r.method !== 'GET'),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
