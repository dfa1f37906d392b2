import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Root } from '../main/app/core';
import { BodyError, createBodyParser } from './bodyParser';
import type { EventSockets } from './eventSocket';
import { onDemand } from './onDemand';
import {
  checkRequest,
  declaredTooLarge,
  isJsonContentType,
  MAX_BODY_BYTES as MAX_BODY,
  tokenCookie,
} from './requestChecks';
import { FRESH_LINK_CSP, freshLinkPage, wantsPage } from './freshLinkPage';
import { APP_CSP } from '../shared/csp';
import { loadStatic } from '../main/static/staticFiles';
import { newToken } from './token';

export interface HostOptions {
  /**
   * The composition root: its dispatcher answers /api/invoke, its events go to /api/events. Given as a function,
   * it is created after the first answer (the launch URL and the renderer's files need no services), or at once
   * when a request needs it; such requests wait for it.
   */
  root: Root | (() => Promise<Root>);
  /** Folder of the built renderer (index.html + assets). */
  rendererDir: string;
  port?: number;
  /** Fixed token for tests; a fresh random one otherwise. */
  token?: string;
}

export interface RunningHost {
  url: string;
  /** The URL to open: carries the token once; the page then keeps it in an HttpOnly cookie. */
  launchUrl: string;
  token: string;
  port: number;
  /** The composition root, created now if it is not yet. */
  root(): Promise<Root>;
  close(): Promise<void>;
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(text);
}

/** Answers a request the host stops before it finished: `cancelled`, once it has been handed to the OS. */
function answerStopped(res: ServerResponse): Promise<void> {
  if (res.headersSent) return Promise.resolve();
  const finished = new Promise<void>((resolve) => {
    res.once('finish', resolve);
    res.once('close', resolve);
  });
  send(res, 503, {
    ok: false,
    error: {
      code: 'cancelled',
      message: 'The Puffin host stopped before this request finished. Start it again and retry.',
    },
  });
  return finished;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (declaredTooLarge(req))
      return reject(Object.assign(new Error('Request body too large'), { status: 413 }));
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      // Past the limit: stop keeping data and answer 413; Node discards the rest of the body once the
      // response ends (destroying the request here would cut the connection before the 413 is sent).
      if (size > MAX_BODY) reject(Object.assign(new Error('Request body too large'), { status: 413 }));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * The browser host: the same services and the same contract as the Electron face, over HTTP
 * (requests) and a WebSocket (events), bound to 127.0.0.1 and guarded by a per-launch token.
 */
export async function startHost(opts: HostOptions): Promise<RunningHost> {
  const token = opts.token ?? newToken();
  const given = opts.root;
  const root = onDemand(typeof given === 'function' ? given : () => Promise.resolve(given));
  const events = onDemand(async (): Promise<EventSockets> => {
    const [{ eventSockets }, app] = await Promise.all([import('./eventSocket'), root.get()]);
    return eventSockets(app);
  });
  // Lines logged before the services exist are written, in order, once they do.
  const log = (level: 'info' | 'warn', message: string) =>
    void root.value.then(
      (app) => app.services.logBus.logger('host')[level](message),
      () => {},
    );
  let port = 0;
  /** Requests of /api/invoke not answered yet: answered `cancelled` when the host stops, not cut off. */
  const inFlight = new Set<ServerResponse>();

  const bodies = createBodyParser();
  const server = createServer((req, res) => {
    // Failures to create the root are reported by whoever created it; here they only fail the requests needing it.
    res.once('finish', () => void root.get().catch(() => {}));
    void handle(req, res).catch((err: unknown) => {
      const status = (err as { status?: number }).status ?? 500;
      if (!res.headersSent)
        send(res, status, { ok: false, error: { code: 'internal_error', message: String(err) } });
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const refusal = checkRequest(req, url, port, token);
    if (refusal) {
      log('warn', `Refused ${req.method} ${url.pathname}: ${refusal.code}`);
      if (refusal.code === 'unauthorized' && wantsPage(req, url)) {
        // A browser opening the address without its token (or with a stale one): say how to get a fresh link.
        res.writeHead(401, {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': FRESH_LINK_CSP,
          'cache-control': 'no-store',
        });
        res.end(freshLinkPage(port));
        return;
      }
      send(res, refusal.status, { ok: false, error: { code: refusal.code, message: refusal.message } });
      return;
    }
    if (url.searchParams.has('token')) {
      // Move the token from the address bar into an HttpOnly cookie, then drop it from the URL.
      url.searchParams.delete('token');
      res.writeHead(303, {
        // One leading slash: a path starting `//` (from `/.//evil.example/`) is another host to a browser.
        location: `/${url.pathname.replace(/^\/+/, '')}${url.search}`,
        'set-cookie': `${tokenCookie(port)}=${encodeURIComponent(token)}; HttpOnly; SameSite=Strict; Path=/`,
        'cache-control': 'no-store',
      });
      res.end();
      return;
    }
    if (url.pathname === '/api/invoke') {
      if (req.method !== 'POST')
        return send(res, 405, { ok: false, error: { code: 'method_not_allowed', message: 'POST only' } });
      if (!isJsonContentType(req.headers['content-type']))
        return send(res, 415, {
          ok: false,
          error: { code: 'invalid_payload', message: 'Send application/json.' },
        });
      let parsed: unknown;
      try {
        parsed = await bodies.parse(await readBody(req));
      } catch (err) {
        const status = (err as { status?: number }).status ?? 400;
        const message = err instanceof BodyError ? err.message : 'Body is not valid JSON.';
        return send(res, status, { ok: false, error: { code: 'invalid_payload', message } });
      }
      const { channel, payload } = (parsed ?? {}) as { channel?: unknown; payload?: unknown };
      inFlight.add(res);
      res.once('close', () => inFlight.delete(res));
      let app: Root;
      try {
        app = await root.get();
      } catch (err) {
        const message = `Puffin's services could not start: ${(err as Error).message}`;
        return send(res, 503, { ok: false, error: { code: 'internal_error', message } });
      }
      const result = await app.dispatch(channel, payload, { face: 'browser' });
      if (res.headersSent) return; // answered `cancelled` when the host stopped meanwhile
      return send(res, 200, result);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(res, 405, { ok: false, error: { code: 'method_not_allowed', message: 'GET only' } });
    const file = await loadStatic(opts.rendererDir, url.pathname);
    const fallback =
      file ?? (url.pathname.includes('.') ? null : await loadStatic(opts.rendererDir, '/index.html'));
    if (!fallback)
      return send(res, 404, {
        ok: false,
        error: { code: 'not_found', message: `${url.pathname} not found` },
      });
    res.writeHead(200, {
      'content-type': fallback.type,
      'content-security-policy': APP_CSP,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    });
    res.end(req.method === 'HEAD' ? undefined : fallback.body);
  }

  server.on('upgrade', (req, socket, head) => {
    let refusal: ReturnType<typeof checkRequest>;
    try {
      const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
      refusal =
        url.pathname === '/api/events'
          ? checkRequest(req, url, port, token)
          : { status: 404, code: 'not_found', message: '' };
    } catch {
      // A throw here would be uncaught (this is an event listener) and take the whole host down.
      refusal = { status: 400, code: 'bad_request', message: '' };
    }
    if (refusal) {
      log('warn', `Refused a WebSocket: ${refusal.code}`);
      socket.end(`HTTP/1.1 ${refusal.status} ${refusal.code}\r\nConnection: close\r\n\r\n`);
      return;
    }
    void events.get().then(
      (sockets) => sockets.accept(req, socket, head),
      () => socket.end('HTTP/1.1 503 services_unavailable\r\nConnection: close\r\n\r\n'),
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}/`;
  log('info', `Browser host listening on ${url}`);

  return {
    url,
    launchUrl: `${url}?token=${token}`,
    token,
    port,
    root: () => root.get(),
    async close() {
      if (events.started) (await events.get().catch(() => null))?.close();
      // A request still running gets its typed answer before the connections close, not a reset connection.
      await Promise.all([...inFlight].map((res) => answerStopped(res)));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await bodies.close();
    },
  };
}
