// The host answers the launch URL and the renderer's files before its services exist; every request that needs
// them waits for them, and a failure to create them fails only those requests.
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createRoot, type Root } from '../main/app/core';
import { makeTestWebRoot } from '../../test/support/static/testWebRoot';
import { startHost, type RunningHost } from './server';
import { INDEX, send, TOKEN, type Reply } from '../../test/support/host/testHost';

const auth = { 'x-puffin-token': TOKEN };
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A host whose root is made by the test: `asked` resolves when the host asks for it, `give` hands it over. */
async function deferredHost() {
  const web = await makeTestWebRoot('puffin-deferred-', { 'index.html': INDEX }, {});
  cleanups.push(() => rm(web.dir, { recursive: true, force: true }));
  let calls = 0;
  let asked!: () => void;
  const wasAsked = new Promise<void>((resolve) => (asked = resolve));
  let give!: (root: Promise<Root>) => void;
  const made = new Promise<Root>((resolve) => (give = resolve));
  const host = await startHost({
    root: () => {
      calls++;
      asked();
      return made;
    },
    rendererDir: web.web,
    token: TOKEN,
  });
  cleanups.push(() => host.close());
  const realRoot = async (): Promise<Root> => {
    await mkdir(join(web.dir, 'user-data'));
    const app = await createRoot({ userDataDir: join(web.dir, 'user-data'), platform: { face: 'browser' } });
    cleanups.push(() => app.dispose());
    return app;
  };
  return { host, wasAsked, give, realRoot, calls: () => calls };
}

const invoke = (host: RunningHost, channel: string, payload: unknown): Promise<Reply> =>
  send(
    {
      method: 'POST',
      path: '/api/invoke',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ channel, payload }),
    },
    host.port,
  );

describe('browser host: services created after the first answer', () => {
  it('answers the launch URL and the page without the services, then creates them once', async () => {
    const d = await deferredHost();
    const launch = await send({ path: `/?token=${TOKEN}` }, d.host.port);
    expect(launch.status).toBe(303);
    expect(launch.headers['set-cookie']?.[0]).toMatch(new RegExp(`^puffin_token_${d.host.port}=${TOKEN};`));
    const page = await send({ headers: auth }, d.host.port);
    expect([page.status, page.text]).toEqual([200, INDEX]);
    await d.wasAsked;
    d.give(d.realRoot());
    const root = await d.host.root();
    expect(await d.host.root()).toBe(root);
    expect(d.calls()).toBe(1);
  });

  it('holds a call that arrives before the services exist and answers it correctly once they do', async () => {
    const d = await deferredHost();
    let answered = false;
    const reply = invoke(d.host, 'settings:get', {}).then((r) => ((answered = true), r));
    await d.wasAsked; // asked by the call itself: no answer has been sent yet
    expect(answered).toBe(false);
    const root = d.realRoot();
    d.give(root);
    const r = await reply;
    expect(r.status).toBe(200);
    expect(r.json()).toEqual(await (await root).dispatch('settings:get', {}, { face: 'browser' }));
    expect(r.json().ok).toBe(true);
  });

  it('opens an event socket asked for before the services exist and forwards their events', async () => {
    const d = await deferredHost();
    const ws = new WebSocket(`ws://127.0.0.1:${d.host.port}/api/events`, { headers: auth });
    const opened = new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
    cleanups.push(async () => void ws.terminate());
    await d.wasAsked;
    const root = await d.realRoot();
    d.give(Promise.resolve(root));
    await opened;
    const frame = new Promise<string>((resolve) => ws.once('message', (m: Buffer) => resolve(m.toString())));
    root.services.logBus.logger('test').info('after the deferred start');
    expect(JSON.parse(await frame)).toMatchObject({
      event: 'log:line',
      payload: { message: 'after the deferred start' },
    });
  });

  it('logs the requests it refused before the services existed, once they do', async () => {
    const d = await deferredHost();
    expect((await send({ path: '/api/invoke' }, d.host.port)).status).toBe(401);
    await d.wasAsked;
    const root = await d.realRoot();
    d.give(Promise.resolve(root));
    await d.host.root();
    const lines: { message: string }[] = root.services.logBus.recent();
    expect(lines.map((l) => l.message)).toEqual(
      expect.arrayContaining([
        'Refused GET /api/invoke: unauthorized',
        `Browser host listening on ${d.host.url}`,
      ]),
    );
  });

  it('answers calls and sockets with a typed 503 when the services fail to start, and keeps serving the page', async () => {
    const d = await deferredHost();
    const launch = await send({ path: `/?token=${TOKEN}` }, d.host.port);
    expect(launch.status).toBe(303);
    await d.wasAsked;
    d.give(Promise.reject(new Error('settings.json is not readable')));
    const r = await invoke(d.host, 'settings:get', {});
    expect(r.status).toBe(503);
    expect(r.json()).toEqual({
      ok: false,
      error: {
        code: 'internal_error',
        message: "Puffin's services could not start: settings.json is not readable",
      },
    });
    const ws = new WebSocket(`ws://127.0.0.1:${d.host.port}/api/events`, { headers: auth });
    const status = await new Promise<number | undefined>((resolve) => {
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode));
      ws.once('open', () => resolve(101));
    });
    ws.on('error', () => {}); // terminating a refused handshake reports it as an error
    ws.terminate();
    expect(status).toBe(503);
    expect((await send({ headers: auth }, d.host.port)).text).toBe(INDEX);
  });
});
