// A loopback GitHub REST API for the endpoints Puffin's export uses, written from GitHub's REST reference
// (docs.github.com/rest: repos, issues, labels, milestones, issue comments, rate limits):
//   GET  /repos/{o}/{r}                          200 repository · 404 Not Found
//   GET  /repos/{o}/{r}/labels/{name}            200 label · 404
//   POST /repos/{o}/{r}/labels                   201 label · 422 already_exists
//   GET  /repos/{o}/{r}/milestones?state=all     200 list, paginated with a Link header
//   POST /repos/{o}/{r}/milestones               201 milestone · 422 already_exists
//   GET  /repos/{o}/{r}/issues?labels=&state=    200 list, paginated
//   POST /repos/{o}/{r}/issues                   201 issue · 422 missing_field / invalid milestone
//   GET|PATCH /repos/{o}/{r}/issues/{n}          200 issue · 404
//   POST /repos/{o}/{r}/issues/{n}/labels        200 the issue's labels
//   POST /repos/{o}/{r}/issues/{n}/comments      201 comment
// Every answer carries the x-ratelimit-* headers; a wrong token gets 401 "Bad credentials". Faults are queued with
// `failNext` (any status, body and headers, e.g. a 422) and `rateLimitNext` (403/429 as GitHub sends them).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleRepoRequest, type MockRepoState, type RouteAnswer } from './mockGithubRoutes';

export type { MockIssue, MockMilestone, MockRepoState } from './mockGithubRoutes';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | undefined;
}

export interface Fault {
  method?: string;
  /** Matched against the path without the query. */
  path?: RegExp;
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

const DOCS = 'https://docs.github.com/rest';

export interface MockGithubApi {
  url: string;
  token: string;
  requests: RecordedRequest[];
  repo(fullName: string): MockRepoState;
  failNext(fault: Fault): void;
  /**
   * The next `count` requests are refused as over a rate limit. `primary`: 403 with x-ratelimit-remaining 0 and
   * x-ratelimit-reset in `resetInSeconds`; `secondary`: `status` with retry-after `resetInSeconds`.
   */
  rateLimitNext(options: {
    kind: 'primary' | 'secondary';
    status?: 403 | 429;
    resetInSeconds: number;
    count?: number;
  }): void;
  /** Requests that changed something (not GET). */
  writes(): RecordedRequest[];
  close(): Promise<void>;
}

/** Writes a JSON answer (an empty body when there is none, as for GitHub's 204s). */
function send(res: ServerResponse, answer: RouteAnswer): void {
  res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8', ...answer.headers });
  res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : undefined;
}

export async function startMockGithubApi(
  options: { token?: string; repos?: string[] } = {},
): Promise<MockGithubApi> {
  const token = options.token ?? 'ghp_mocktoken0000000000000000000000000000';
  const repos = new Map<string, MockRepoState>();
  const addRepo = (fullName: string): MockRepoState => {
    const state: MockRepoState = {
      fullName,
      labels: new Map(),
      milestones: [],
      issues: [],
      comments: [],
      nextId: 1,
    };
    repos.set(fullName.toLowerCase(), state);
    return state;
  };
  for (const r of options.repos ?? ['octo/app']) addRepo(r);
  const requests: RecordedRequest[] = [];
  const faults: Fault[] = [];
  let used = 0;
  let baseUrl = '';

  const rateHeaders = (): Record<string, string> => ({
    'x-ratelimit-limit': '5000',
    'x-ratelimit-remaining': String(5000 - used),
    'x-ratelimit-used': String(used),
    'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600),
    'x-ratelimit-resource': 'core',
  });

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', baseUrl);
      const body = await readBody(req);
      const method = req.method ?? 'GET';
      requests.push({
        method,
        path: url.pathname,
        query: url.searchParams,
        body,
        authorization: req.headers.authorization,
      });
      const fault = faults.findIndex(
        (f) => (!f.method || f.method === method) && (!f.path || f.path.test(url.pathname)),
      );
      if (fault !== -1) {
        const f = faults.splice(fault, 1)[0]!;
        const faultBody = f.body ?? { message: 'Injected failure', documentation_url: DOCS };
        send(res, { status: f.status, body: faultBody, headers: { ...rateHeaders(), ...f.headers } });
        return;
      }
      const auth = req.headers.authorization ?? '';
      if (auth !== `token ${token}` && auth !== `Bearer ${token}` && auth !== `bearer ${token}`) {
        send(res, {
          status: 401,
          body: { message: 'Bad credentials', documentation_url: DOCS, status: '401' },
        });
        return;
      }
      used++;
      const m = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(url.pathname);
      const state = m ? repos.get(`${m[1]}/${m[2]}`.toLowerCase()) : undefined;
      if (!m || !state) {
        const notFound = {
          message: 'Not Found',
          documentation_url: `${DOCS}/repos/repos#get-a-repository`,
          status: '404',
        };
        send(res, { status: 404, body: notFound, headers: rateHeaders() });
        return;
      }
      const answer = handleRepoRequest(state, {
        method,
        rest: m[3] ?? '',
        query: url.searchParams,
        body,
        baseUrl,
      });
      send(res, { ...answer, headers: { ...rateHeaders(), ...answer.headers } });
    })().catch((err: unknown) => send(res, { status: 500, body: { message: String(err) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    token,
    requests,
    repo: (fullName) => repos.get(fullName.toLowerCase()) ?? addRepo(fullName),
    failNext: (fault) => faults.push(fault),
    rateLimitNext({ kind, status = 403, resetInSeconds, count = 1 }) {
      for (let i = 0; i < count; i++) {
        const reset = String(Math.floor(Date.now() / 1000) + resetInSeconds);
        faults.push(
          kind === 'primary'
            ? {
                status: 403,
                body: {
                  message: 'API rate limit exceeded for user ID 1.',
                  documentation_url: `${DOCS}/overview/rate-limits-for-the-rest-api`,
                },
                headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset },
              }
            : {
                status,
                body: {
                  message:
                    'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
                  documentation_url: `${DOCS}/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits`,
                },
                headers: { 'retry-after': String(resetInSeconds) },
              },
        );
      }
    },
    writes: () => requests.filter((r) => r.method !== 'GET'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
