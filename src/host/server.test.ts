import { APP_CSP } from '../shared/csp';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auth, INDEX, invoke, SECRET, send, t, TOKEN, useTestHost } from '../../test/support/host/testHost';

useTestHost();

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
      expect(r.text).toContain(`http://127.0.0.1:${t.host.port}/?token=…`);
      expect(r.text).not.toContain(TOKEN);
    }
    // API calls and assets keep the typed JSON refusal.
    expect((await send({ path: '/assets/app.js' })).json().error?.code).toBe('unauthorized');
  });

  it('refuses a wrong token in the header, the query and the cookie', async () => {
    expect((await send({ headers: { 'x-puffin-token': 'wrong' } })).status).toBe(401);
    expect((await send({ path: '/?token=wrong' })).status).toBe(401);
    expect((await send({ headers: { cookie: `puffin_token_${t.host.port}=wrong` } })).status).toBe(401);
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
    expect(cookie).toMatch(new RegExp(`^puffin_token_${t.host.port}=${TOKEN};`));
    expect(cookie).toMatch(/;\s*HttpOnly/);
    expect(cookie).toMatch(/;\s*SameSite=Strict/);
    expect(cookie).toMatch(/;\s*Path=\//);
    expect(r.headers['cache-control']).toBe('no-store');

    const root = await send({ path: `/?token=${TOKEN}` });
    expect(root.status).toBe(303);
    expect(root.headers.location).toBe('/');
  });

  it('redirects only to a path of this host, whatever slashes the address starts with', async () => {
    // `/.//evil.example/` parses to the path `//evil.example/`, which a browser reads as another host.
    for (const path of [
      `/.//evil.example/?token=${TOKEN}`,
      `/.///evil.example/x?token=${TOKEN}`,
      `/./\\evil.example/?token=${TOKEN}`,
    ]) {
      const r = await send({ path });
      expect(r.status).toBe(303);
      expect(r.headers.location).toMatch(/^\/(?![/\\])/);
      expect(r.headers.location).toContain('evil.example');
    }
    // An empty ?token= falls back to a valid cookie: the same redirect, to this host only.
    const cookie = `puffin_token_${t.host.port}=${TOKEN}`;
    const empty = await send({ path: '/.//evil.example/?token=', headers: { cookie } });
    expect(empty.status).toBe(303);
    expect(empty.headers.location).toBe('/evil.example/');
    expect((await send({ path: '/.//evil.example/?token=' })).status).toBe(401);
  });

  it('serves the app with the token in the cookie', async () => {
    const r = await send({
      path: '/',
      headers: { cookie: `theme=dark; puffin_token_${t.host.port}=${TOKEN}` },
    });
    expect(r.status).toBe(200);
    expect(r.text).toBe(INDEX);
    const api = await send({
      method: 'POST',
      path: '/api/invoke',
      headers: { 'content-type': 'application/json', cookie: `puffin_token_${t.host.port}=${TOKEN}` },
      body: JSON.stringify({ channel: 'app:info', payload: {} }),
    });
    expect(api.json()).toMatchObject({
      ok: true,
      value: { name: 'Puffin', face: 'browser', nativeDialogs: false },
    });
  });

  it('answers 401, not 500, to a cookie that is not valid percent-encoding', async () => {
    const r = await send({ headers: { cookie: `puffin_token_${t.host.port}=%E0%A4%A` } });
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
    const r = await send({ headers: { ...auth, host: hostHeader.replace('PORT', String(t.host.port)) } });
    expect(r.status).toBe(403);
    expect(r.json().error?.code).toBe('forbidden_host');
  });

  it('accepts 127.0.0.1:port and localhost:port', async () => {
    expect((await send({ headers: { ...auth, host: `127.0.0.1:${t.host.port}` } })).status).toBe(200);
    expect((await send({ headers: { ...auth, host: `localhost:${t.host.port}` } })).status).toBe(200);
  });

  it.each([
    'http://evil.example',
    'null',
    'https://127.0.0.1:PORT',
    'http://127.0.0.1:1',
    'http://localhost:PORT.evil.example',
    ...['127.0.0.1:PORT', 'localhost:PORT', 'ws://127.0.0.1:PORT'], // no http scheme: no page's origin
  ])('refuses the Origin %j with 403 even with the token', async (origin) => {
    const r = await invoke(
      { channel: 'settings:get', payload: {} },
      { origin: origin.replace('PORT', String(t.host.port)) },
    );
    expect(r.status).toBe(403);
    expect(r.json().error?.code).toBe('forbidden_origin');
  });

  it('accepts its own Origin', async () => {
    const r = await invoke(
      { channel: 'settings:get', payload: {} },
      { origin: `http://127.0.0.1:${t.host.port}` },
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
    const r = await invoke({ channel: 'project:open', payload: { path: join(t.root, 'does-not-exist') } });
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
