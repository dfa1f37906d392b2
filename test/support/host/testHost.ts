/**
 * For the browser host's tests: one running host over a real composition root and a test renderer folder
 * (useTestHost registers its start and stop), and raw HTTP and WebSocket clients of it.
 */
import { request, type IncomingHttpHeaders } from 'node:http';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import WebSocket from 'ws';
import type { EventChannel } from '../../../src/shared/ipc/contract';
import { createRoot, type Root } from '../../../src/main/app/core';
import { makeTestWebRoot } from '../static/testWebRoot';
import { startHost, type RunningHost } from '../../../src/host/server';

export const TOKEN = 'test-token-0123456789abcdef';
export const SECRET = 'SECRET-OUTSIDE-THE-RENDERER';
export const INDEX =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/app.js"></script></body></html>';

export interface TestHost {
  /** The temp dir: the renderer folder, files beside it that traversal must never reach, the user data. */
  root: string;
  rendererDir: string;
  app: Root;
  host: RunningHost;
}

/** The running host of the current test file (each file gets its own, started before its tests). */
export const t = {} as TestHost;
/** Sockets a test opened, terminated after it. */
export const sockets: EventSocket[] = [];

export function useTestHost(): void {
  beforeAll(async () => {
    const web = await makeTestWebRoot(
      'puffin-host-',
      { 'index.html': INDEX, 'assets/app.js': 'console.log("puffin")' },
      { 'package.json': JSON.stringify({ name: SECRET }), 'secret.txt': SECRET },
    );
    [t.root, t.rendererDir] = [web.dir, web.web];
    await mkdir(join(t.root, 'user-data'));
    t.app = await createRoot({ userDataDir: join(t.root, 'user-data'), platform: { face: 'browser' } });
    t.host = await startHost({ root: t.app, rendererDir: t.rendererDir, token: TOKEN });
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.ws.terminate();
  });
  afterAll(async () => {
    await t.host?.close();
    await t.app?.dispose();
    await rm(t.root, { recursive: true, force: true });
  });
}

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  json: () => { ok: boolean; value?: unknown; error?: { code: string; message: string } };
}

/** A raw HTTP request: unlike fetch it sends the path, Host and Origin exactly as given. */
export function send(
  opts: { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
  port = t.host.port,
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

export const auth = { 'x-puffin-token': TOKEN };

export function invoke(body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  return send({
    method: 'POST',
    path: '/api/invoke',
    headers: { ...auth, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Opens the event socket; resolves once it is open, or rejects with the HTTP status it was refused with. */
export function openSocket(
  headers: Record<string, string> = auth,
  path = '/api/events',
): Promise<EventSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${t.host.port}${path}`, { headers });
    const socket = new EventSocket(ws);
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', (_req, res) => {
      reject(Object.assign(new Error(`refused with ${res.statusCode}`), { status: res.statusCode }));
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

export interface Frame {
  event: EventChannel;
  payload: unknown;
}

/** Collects frames and lets a test await the first one that matches, without timers. */
export class EventSocket {
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
