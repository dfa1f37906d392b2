import { APP_CSP } from '../shared/csp';
import { request, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { EventChannel } from '../shared/ipc/contract';
import { createRoot, type Root } from '../main/core/core';
import { makeTestWebRoot } from '../main/static/testWebRoot';
import { startHost, type RunningHost } from './server';

const TOKEN = 'test-token-0123456789abcdef';
const SECRET = 'SECRET-OUTSIDE-THE-RENDERER';
const INDEX =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/app.js"></script></body></html>';

let root: string;
let rendererDir: string;
let app: Root;
let host: RunningHost;

beforeAll(async () => {
  // Files next to the renderer folder that traversal must never reach.
  ({ dir: root, web: rendererDir } = await makeTestWebRoot(
    'puffin-host-',
    { 'index.html': INDEX, 'assets/app.js': 'console.log("puffin")' },
    { 'package.json': JSON.stringify({ name: SECRET }), 'secret.txt': SECRET },
  ));
  await mkdir(join(root, 'user-data'));
  app = await createRoot({ userDataDir: join(root, 'user-data'), platform: { face: 'browser' } });
  host = await startHost({ root: app, rendererDir, token: TOKEN });
});

afterAll(async () => {
  await host?.close();
  await app?.dispose();
  await rm(root, { recursive: true, force: true });
});

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  json: () => { ok: boolean; value?: unknown; error?: { code: string; message: string } };
}

/** A raw HTTP request: unlike fetch it sends the path, Host and Origin exactly as given. */
function send(
  opts: { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
  port = host.port,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: opts.method ?? 'GET',
        path: opts.path ?? '/',
        headers: opts.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

const auth = { 'x-puffin-token': TOKEN };

function invoke(body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  return send({
    method: 'POST',
    path: '/api/invoke',
    headers: { ...auth, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Opens the event socket; resolves once it is open, or rejects with the HTTP status it was refused with. */
function openSocket(headers: Record<string, string> = auth, path = '/api/events'): Promise<EventSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}${path}`, { headers });
    const socket = new EventSocket(ws);
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', (_req, res) => {
      reject(Object.assign(new Error(`refused with ${res.statusCode}`), { status: res.statusCode }));
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

interface Frame {
  event: EventChannel;
  payload: unknown;
}

/** Collects frames and lets a test await the first one that matches, without timers. */
class EventSocket {
  readonly frames: Frame[] = [];
  private waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  readonly closed: Promise<void>;
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString('utf8')) as Frame;
      this.frames.push(frame);
      this.waiters = this.waiters.filter((w) => (w.match(frame) ? (w.resolve(frame), false) : true));
    });
    this.closed = new Promise((resolve) => ws.once('close', () => resolve()));
  }
  next(match: (f: Frame) => boolean): Promise<Frame> {
    const seen = this.frames.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }
}

const sockets: EventSocket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.ws.terminate();
});

describe('browser host: token', () => {
  it('refuses a request without a token with 401 and a readable message', async () => {
    for (const path of ['/', '/index.html', '/assets/app.js']) {
      const r = await send({ path });
      expect(r.status).toBe(401);
      expect(r.json().error).toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/token/) });
      expect(r.text).not.toContain('id="root"');
    }
    const api = await send({
      method: 'POST',
      path: '/api/invoke',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channel: 'settings:get', payload: {} }),
    });
    expect(api.status).toBe(401);
  });

  it('shows a browser that opens the address without a valid token how to get a fresh link', async () => {
    for (const path of ['/', '/?token=stale-from-an-earlier-start', '/settings']) {
      const r = await send({ path, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(r.status).toBe(401);
      expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(r.headers['content-security-policy']).toMatch(/default-src 'none'/);
      expect(r.text).toContain('npm run serve');
      expect(r.text).toContain(`http://127.0.0.1:${host.port}/?token=…`);
      expect(r.text).not.toContain(TOKEN);
    }
    // API calls and assets keep the typed JSON refusal.
    expect((await send({ path: '/assets/app.js' })).json().error?.code).toBe('unauthorized');
  });

  it('refuses a wrong token in the header, the query and the cookie', async () => {
    expect((await send({ headers: { 'x-puffin-token': 'wrong' } })).status).toBe(401);
    expect((await send({ path: '/?token=wrong' })).status).toBe(401);
    expect((await send({ headers: { cookie: `puffin_token_${host.port}=wrong` } })).status).toBe(401);
    expect((await send({ headers: { cookie: `other=${TOKEN}` } })).status).toBe(401);
  });

  it('serves the app with the token in the header', async () => {
    const r = await send({ headers: auth });
    expect(r.status).toBe(200);
    expect(r.text).toBe(INDEX);
  });

  it('moves a ?token= into an HttpOnly SameSite=Strict cookie and redirects to the same path without it', async () => {
    const r = await send({ path: `/settings?view=a&token=${TOKEN}&b=2` });
    expect(r.status).toBe(303);
    expect(r.headers.location).toBe('/settings?view=a&b=2');
    const cookie = r.headers['set-cookie']?.[0] ?? '';
    expect(cookie).toMatch(new RegExp(`^puffin_token_${host.port}=${TOKEN};`));
    expect(cookie).toMatch(/;\s*HttpOnly/);
    expect(cookie).toMatch(/;\s*SameSite=Strict/);
    expect(cookie).toMatch(/;\s*Path=\//);
    expect(r.headers['cache-control']).toBe('no-store');

    const root = await send({ path: `/?token=${TOKEN}` });
    expect(root.status).toBe(303);
    expect(root.headers.location).toBe('/');
  });

  it('serves the app with the token in the cookie', async () => {
    const r = await send({
      path: '/',
      headers: { cookie: `theme=dark; puffin_token_${host.port}=${TOKEN}` },
    });
    expect(r.status).toBe(200);
    expect(r.text).toBe(INDEX);
    const api = await send({
      method: 'POST',
      path: '/api/invoke',
      headers: { 'content-type': 'application/json', cookie: `puffin_token_${host.port}=${TOKEN}` },
      body: JSON.stringify({ channel: 'app:info', payload: {} }),
    });
    expect(api.json()).toMatchObject({
      ok: true,
      value: { name: 'Puffin', face: 'browser', nativeDialogs: false },
    });
  });

  it('answers 401, not 500, to a cookie that is not valid percent-encoding', async () => {
    const r = await send({ headers: { cookie: `puffin_token_${host.port}=%E0%A4%A` } });
    expect(r.status).toBe(401);
    expect((await send({ headers: auth })).status).toBe(200);
  });
});

describe('browser host: Host and Origin', () => {
  it.each([
    'evil.example',
    'evil.example:80',
    '127.0.0.1',
    '127.0.0.1:1',
    '0.0.0.0:PORT',
    'localhost.evil.example:PORT',
    '[::1]:PORT',
  ])('refuses the Host %j with 403 even with the token', async (hostHeader) => {
    const r = await send({ headers: { ...auth, host: hostHeader.replace('PORT', String(host.port)) } });
    expect(r.status).toBe(403);
    expect(r.json().error?.code).toBe('forbidden_host');
  });

  it('accepts 127.0.0.1:port and localhost:port', async () => {
    expect((await send({ headers: { ...auth, host: `127.0.0.1:${host.port}` } })).status).toBe(200);
    expect((await send({ headers: { ...auth, host: `localhost:${host.port}` } })).status).toBe(200);
  });

  it.each([
    'http://evil.example',
    'null',
    'https://127.0.0.1:PORT',
    'http://127.0.0.1:1',
    'http://localhost:PORT.evil.example',
  ])('refuses the Origin %j with 403 even with the token', async (origin) => {
    const r = await invoke(
      { channel: 'settings:get', payload: {} },
      { origin: origin.replace('PORT', String(host.port)) },
    );
    expect(r.status).toBe(403);
    expect(r.json().error?.code).toBe('forbidden_origin');
  });

  it('accepts its own Origin', async () => {
    const r = await invoke(
      { channel: 'settings:get', payload: {} },
      { origin: `http://127.0.0.1:${host.port}` },
    );
    expect(r.status).toBe(200);
    expect(r.json().ok).toBe(true);
  });
});

describe('browser host: /api/invoke', () => {
  it('answers a valid call with the service result', async () => {
    const r = await invoke({ channel: 'settings:get', payload: {} });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.json()).toMatchObject({ ok: true, value: { maxConcurrent: expect.any(Number) } });
  });

  it('refuses a body that is not JSON with 400 invalid_payload', async () => {
    const r = await invoke('{"channel": "settings:get",');
    expect(r.status).toBe(400);
    expect(r.json()).toEqual({
      ok: false,
      error: { code: 'invalid_payload', message: 'Body is not valid JSON.' },
    });
  });

  it('refuses a non-JSON content type with 415', async () => {
    const r = await invoke({ channel: 'settings:get', payload: {} }, { 'content-type': 'text/plain' });
    expect(r.status).toBe(415);
    expect(r.json().error?.code).toBe('invalid_payload');
    const none = await send({ method: 'POST', path: '/api/invoke', headers: auth, body: '{}' });
    expect(none.status).toBe(415);
  });

  it('reads the content type as a media type (case-insensitive, parameters), not as a prefix', async () => {
    const upper = await invoke(
      { channel: 'settings:get', payload: {} },
      { 'content-type': 'Application/JSON' },
    );
    expect(upper.json().ok).toBe(true);
    const jsonp = await invoke(
      { channel: 'settings:get', payload: {} },
      { 'content-type': 'application/jsonp' },
    );
    expect(jsonp.status).toBe(415);
  });

  it('answers a ?token= on /api/invoke with a typed 400, not a redirect', async () => {
    const r = await send({
      method: 'POST',
      path: `/api/invoke?token=${TOKEN}`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channel: 'settings:get', payload: {} }),
    });
    expect(r.status).toBe(400);
    expect(r.json().error?.code).toBe('token_in_url');
  });

  it('refuses other methods with 405', async () => {
    expect((await send({ path: '/api/invoke', headers: auth })).status).toBe(405);
    expect((await send({ method: 'DELETE', path: '/', headers: auth })).status).toBe(405);
  });

  it('refuses a body over 8 MB with 413 and keeps serving', async () => {
    const big = JSON.stringify({ channel: 'settings:get', payload: { pad: 'x'.repeat(8 * 1024 * 1024) } });
    const r = await invoke(big);
    expect(r.status).toBe(413);
    expect(r.json().error?.code).toBe('invalid_payload');
    expect((await invoke({ channel: 'settings:get', payload: {} })).json().ok).toBe(true);
  });

  it('passes unknown channels and invalid payloads to the dispatcher, which refuses them', async () => {
    expect((await invoke({ channel: 'fs:readFile', payload: { path: '/etc/passwd' } })).json()).toMatchObject(
      {
        ok: false,
        error: { code: 'unknown_channel' },
      },
    );
    expect((await invoke({ payload: {} })).json().error?.code).toBe('unknown_channel');
    expect((await invoke('null')).json().error?.code).toBe('unknown_channel');
    const bad = (await invoke({ channel: 'settings:update', payload: { maxConcurrent: 0 } })).json();
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
    expect(bad.error?.message).toMatch(/maxConcurrent/);
    expect((await invoke({ channel: 'settings:get', payload: {} })).json()).toMatchObject({
      value: { maxConcurrent: 2 },
    });
  });

  it('turns service errors into typed errors', async () => {
    const r = await invoke({ channel: 'project:open', payload: { path: join(root, 'does-not-exist') } });
    expect(r.status).toBe(200);
    expect(r.json()).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect((await invoke({ channel: 'project:pickFolder', payload: {} })).json().error?.code).toBe(
      'not_supported',
    );
  });
});

describe('browser host: static files', () => {
  it('sends a CSP and hardening headers with HTML', async () => {
    const r = await send({ headers: auth });
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    // The event socket is same-origin: connect-src 'self' covers ws:// to the host's own host:port.
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/unsafe/);
    expect(csp).toBe(APP_CSP);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
  });

  it('serves assets with their type, falls back to index.html for app routes, 404s missing files', async () => {
    const js = await send({ path: '/assets/app.js', headers: auth });
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.text).toBe('console.log("puffin")');
    const route = await send({ path: '/settings', headers: auth });
    expect(route.status).toBe(200);
    expect(route.text).toBe(INDEX);
    expect((await send({ path: '/assets/missing.js', headers: auth })).status).toBe(404);
    const head = await send({ method: 'HEAD', path: '/', headers: auth });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
  });

  it.each([
    '/../package.json',
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/package.json',
    '/%2e%2e/secret.txt',
    '/%2E%2E/%2E%2E/secret.txt',
    '/..%2fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/%2e%2e%2fsecret.txt',
    '/..%5csecret.txt',
    '/..',
    '/%2e%2e',
  ])('never serves anything outside the renderer folder for %j', async (path) => {
    const r = await send({ path, headers: auth });
    expect(r.text).not.toContain(SECRET);
    expect([200, 404]).toContain(r.status);
    if (r.status === 200) expect(r.text).toBe(INDEX);
  });
});

describe('browser host: /api/events', () => {
  it('refuses a socket without a token (401), with a wrong one, or from a foreign Origin (403)', async () => {
    await expect(openSocket({})).rejects.toMatchObject({ status: 401 });
    await expect(openSocket({ 'x-puffin-token': 'nope' })).rejects.toMatchObject({ status: 401 });
    await expect(openSocket({ ...auth, origin: 'http://evil.example' })).rejects.toMatchObject({
      status: 403,
    });
    await expect(openSocket({ ...auth, host: 'evil.example' })).rejects.toMatchObject({ status: 403 });
    await expect(openSocket(auth, '/api/other')).rejects.toMatchObject({ status: 404 });
  });

  it('refuses a socket with a malformed token cookie instead of crashing', async () => {
    await expect(openSocket({ cookie: `puffin_token_${host.port}=%E0%A4%A` })).rejects.toMatchObject({
      status: 401,
    });
    expect((await send({ headers: auth })).status).toBe(200);
  });

  it('survives an upgrade request whose URL cannot be parsed', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const s = connect(host.port, '127.0.0.1', () => {
        s.write(
          `GET //[ HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
            'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
        );
      });
      let text = '';
      s.on('data', (d) => (text += d.toString()));
      s.on('end', () => resolve(text));
      s.on('close', () => resolve(text));
      s.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect((await send({ headers: auth })).status).toBe(200);
  });

  it('accepts the token by query or cookie and a same-origin socket', async () => {
    const byQuery = await openSocket({}, `/api/events?token=${TOKEN}`);
    const byCookie = await openSocket({
      cookie: `puffin_token_${host.port}=${TOKEN}`,
      origin: `http://localhost:${host.port}`,
    });
    sockets.push(byQuery, byCookie);
    expect(byQuery.ws.readyState).toBe(WebSocket.OPEN);
    expect(byCookie.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('streams log lines and settings changes to every open socket', async () => {
    const a = await openSocket();
    const b = await openSocket();
    sockets.push(a, b);
    app.services.logBus.logger('test').info('hello from the test');
    for (const s of [a, b]) {
      const line = await s.next(
        (f) =>
          f.event === 'log:line' && (f.payload as { message?: string }).message === 'hello from the test',
      );
      expect(line.payload).toMatchObject({
        level: 'info',
        scope: 'test',
        seq: expect.any(Number),
        time: expect.any(String),
      });
    }

    const r = await invoke({ channel: 'settings:update', payload: { theme: 'dark', maxConcurrent: 3 } });
    expect(r.json()).toMatchObject({ ok: true, value: { theme: 'dark', maxConcurrent: 3 } });
    for (const s of [a, b]) {
      const changed = await s.next((f) => f.event === 'settings:changed');
      expect(changed.payload).toEqual(r.json().value);
    }
  });

  it('stops sending to a socket once it has closed', async () => {
    const s = await openSocket();
    const other = await openSocket();
    sockets.push(other);
    s.ws.close();
    await s.closed;
    app.services.logBus.logger('test').info('after close');
    await other.next((f) => (f.payload as { message?: string }).message === 'after close');
    expect(s.frames.some((f) => (f.payload as { message?: string }).message === 'after close')).toBe(false);
  });
});

describe('browser host: close()', () => {
  it('terminates open sockets and stops listening', async () => {
    const userData = await mkdtemp(join(tmpdir(), 'puffin-host-close-'));
    const own = await createRoot({ userDataDir: userData, platform: { face: 'browser' } });
    const h = await startHost({ root: own, rendererDir });
    try {
      expect(h.token).not.toBe(TOKEN);
      expect(h.launchUrl).toBe(`http://127.0.0.1:${h.port}/?token=${h.token}`);
      const ws = new WebSocket(`ws://127.0.0.1:${h.port}/api/events`, {
        headers: { 'x-puffin-token': h.token },
      });
      await new Promise((resolve, reject) => {
        ws.once('open', resolve);
        ws.once('error', reject);
      });
      const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
      await h.close();
      expect(await closed).toBe(1006);
      await expect(send({ headers: { 'x-puffin-token': h.token } }, h.port)).rejects.toMatchObject({
        code: 'ECONNREFUSED',
      });
      // Events after close reach nobody and throw nothing.
      own.services.logBus.logger('test').info('after host close');
    } finally {
      await own.dispose();
      await rm(userData, { recursive: true, force: true });
    }
  });
});
