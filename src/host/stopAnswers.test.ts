// The host stopping (Ctrl-C, SIGTERM) answers the browser's request in flight with a typed `cancelled`, instead of
// cutting its connection (which the page could only report as "host unreachable").
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createRoot, type Root } from '../main/app/core';
import { makeTestWebRoot } from '../../test/support/static/testWebRoot';
import { startHost } from './server';

it('a request still running when the host stops is answered cancelled; its late result goes nowhere', async () => {
  const web = await makeTestWebRoot('puffin-host-stop-', { 'index.html': '<!doctype html>' }, {});
  const userData = await mkdtemp(join(tmpdir(), 'puffin-host-stop-user-'));
  const real = await createRoot({ userDataDir: userData, platform: { face: 'browser' } });
  let arrived!: () => void;
  const dispatched = new Promise<void>((resolve) => (arrived = resolve));
  let finish!: () => void;
  const late = new Promise<void>((resolve) => (finish = resolve));
  // A call that runs until the test lets it end (a model call in the real host).
  const root: Root = {
    ...real,
    dispatch: async () => {
      arrived();
      await late;
      return { ok: true, value: 'too late' };
    },
  } as Root;
  const host = await startHost({ root, rendererDir: web.web });
  try {
    const answer = fetch(`${host.url}api/invoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-puffin-token': host.token },
      body: JSON.stringify({ channel: 'settings:get', payload: {} }),
    });
    await dispatched;
    await host.close();
    const res = await answer;
    expect(await res.json()).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    finish();
  } finally {
    await real.dispose();
    await rm(userData, { recursive: true, force: true });
    await web.remove();
  }
});
