import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStatic, resolveStatic } from './staticFiles';
import { makeTestWebRoot, type TestWebRoot } from '../../../test/support/static/testWebRoot';

const root = '/srv/puffin/renderer';

describe('resolveStatic', () => {
  it.each([
    ['/', '/srv/puffin/renderer/index.html'],
    ['/index.html', '/srv/puffin/renderer/index.html'],
    ['/assets/app.js', '/srv/puffin/renderer/assets/app.js'],
    ['/assets/./app.js', '/srv/puffin/renderer/assets/app.js'],
    ['/assets/../index.html', '/srv/puffin/renderer/index.html'],
    ['/assets/my%20file.css', '/srv/puffin/renderer/assets/my file.css'],
    ['//double//slash.js', '/srv/puffin/renderer/double/slash.js'],
  ])('maps %j inside the root', (urlPath, expected) => {
    expect(resolveStatic(root, urlPath)).toBe(expected);
  });

  it.each([
    '/../package.json',
    '/../../etc/passwd',
    '/%2e%2e/package.json',
    '/%2E%2E/%2e%2e/etc/passwd',
    '/..%2fpackage.json',
    '/assets/..%2f..%2f..%2fetc/passwd',
    '/..%5c..%5cpackage.json',
    '/../renderer-other/x.js',
  ])('never leaves the root for %j', (urlPath) => {
    const resolved = resolveStatic(root, urlPath);
    if (resolved !== null) expect(resolved.startsWith(root + '/')).toBe(true);
  });

  it('does not treat a sibling folder that shares the prefix as inside', () => {
    expect(resolveStatic(root, '/../renderer-other/x.js')).not.toBe('/srv/puffin/renderer-other/x.js');
    expect(resolveStatic(root, '/%2e%2e/renderer-other/x.js')).not.toBe('/srv/puffin/renderer-other/x.js');
  });

  it('refuses malformed escapes and NUL bytes', () => {
    expect(resolveStatic(root, '/%E0%A4%A')).toBeNull();
    expect(resolveStatic(root, '/%')).toBeNull();
    expect(resolveStatic(root, '/index.html%00.js')).toBeNull();
  });

  it('accepts a root given with a trailing separator', () => {
    expect(resolveStatic(`${root}/`, '/a.js')).toBe(`${root}/a.js`);
  });
});

describe('loadStatic', () => {
  let site: TestWebRoot;
  let web: string;
  beforeAll(async () => {
    site = await makeTestWebRoot(
      'puffin-static-',
      {
        'index.html': '<!doctype html><title>Puffin</title>',
        'assets/app.js': 'console.log(1)',
        'assets/data.bin': Buffer.from([0, 1, 2]),
      },
      { 'secret.txt': 'TOP SECRET' },
    );
    web = site.web;
  });
  afterAll(() => site.remove());

  it('serves files with their content type', async () => {
    const html = await loadStatic(web, '/');
    expect(html?.type).toBe('text/html; charset=utf-8');
    expect(html?.body.toString()).toContain('<title>Puffin</title>');
    const js = await loadStatic(web, '/assets/app.js');
    expect(js?.type).toBe('text/javascript; charset=utf-8');
    expect(js?.body.toString()).toBe('console.log(1)');
    expect((await loadStatic(web, '/assets/data.bin'))?.type).toBe('application/octet-stream');
  });

  it('answers null for missing files, folders and anything outside the root', async () => {
    expect(await loadStatic(web, '/nope.js')).toBeNull();
    expect(await loadStatic(web, '/assets')).toBeNull();
    for (const p of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
    ])
      expect((await loadStatic(web, p))?.body.toString()).not.toBe('TOP SECRET');
  });
});
