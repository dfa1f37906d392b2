import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CSP } from '../../shared/csp';
import { makeTestWebRoot, type TestWebRoot } from '../../../test/support/static/testWebRoot';
import { appResponse, APP_URL } from './appProtocol';

let site: TestWebRoot;
let renderer: string;

beforeAll(async () => {
  site = await makeTestWebRoot(
    'puffin-app-scheme-',
    { 'index.html': '<!doctype html><title>Puffin</title>', 'assets/a.js': 'export {}' },
    { 'secret.txt': 'not for the page' },
  );
  renderer = site.web;
});
afterAll(() => site.remove());

describe('app:// responses', () => {
  it('serves the page with the one CSP and its type', async () => {
    const r = await appResponse(renderer, APP_URL);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-security-policy')).toBe(APP_CSP);
    expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await r.text()).toContain('<title>Puffin</title>');
    const js = await appResponse(renderer, 'app://puffin/assets/a.js');
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it.each([
    'app://puffin/../secret.txt',
    'app://puffin/%2e%2e/secret.txt',
    'app://puffin/assets/%2e%2e%2f..%2fsecret.txt',
    'app://other/index.html',
    'app://puffin/missing.js',
  ])('refuses %s', async (url) => {
    const r = await appResponse(renderer, url);
    expect(r.status).toBe(404);
  });
});

describe('one CSP', () => {
  it("the page's meta tag says exactly what the desktop and host headers say", async () => {
    const html = await readFile(join(import.meta.dirname, '..', '..', 'renderer', 'index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html);
    expect(meta?.[1]).toBe(APP_CSP);
    expect(APP_CSP).not.toMatch(/unsafe-(inline|eval)/);
  });
});
