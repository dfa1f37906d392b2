import { connect } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createRoot } from '../main/app/core';
import { startHost } from './server';
import {
  auth,
  invoke,
  openSocket,
  send,
  sockets,
  t,
  TOKEN,
  useTestHost,
} from '../../test/support/host/testHost';

useTestHost();

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
    await expect(openSocket({ cookie: `puffin_token_${t.host.port}=%E0%A4%A` })).rejects.toMatchObject({
      status: 401,
    });
    expect((await send({ headers: auth })).status).toBe(200);
  });

  it('survives an upgrade request whose URL cannot be parsed', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const s = connect(t.host.port, '127.0.0.1', () => {
        s.write(
          `GET //[ HTTP/1.1\r\nHost: 127.0.0.1:${t.host.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
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

  it('accepts the token by cookie (as the page connects) or header and a same-origin socket', async () => {
    const byHeader = await openSocket(auth);
    const byCookie = await openSocket({
      cookie: `puffin_token_${t.host.port}=${TOKEN}`,
      origin: `http://localhost:${t.host.port}`,
    });
    sockets.push(byHeader, byCookie);
    expect(byHeader.ws.readyState).toBe(WebSocket.OPEN);
    expect(byCookie.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('refuses the token in the socket address (400 token_in_url), right token or not, cookie or not', async () => {
    for (const token of [TOKEN, 'wrong'])
      await expect(
        openSocket({ cookie: `puffin_token_${t.host.port}=${TOKEN}` }, `/api/events?token=${token}`),
      ).rejects.toMatchObject({ status: 400 });
  });

  it('streams log lines and settings changes to every open socket', async () => {
    const a = await openSocket();
    const b = await openSocket();
    sockets.push(a, b);
    t.app.services.logBus.logger('test').info('hello from the test');
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
    t.app.services.logBus.logger('test').info('after close');
    await other.next((f) => (f.payload as { message?: string }).message === 'after close');
    expect(s.frames.some((f) => (f.payload as { message?: string }).message === 'after close')).toBe(false);
  });
});

describe('browser host: close()', () => {
  it('terminates open sockets and stops listening', async () => {
    const userData = await mkdtemp(join(tmpdir(), 'puffin-host-close-'));
    const own = await createRoot({ userDataDir: userData, platform: { face: 'browser' } });
    const h = await startHost({ root: own, rendererDir: t.rendererDir });
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
