// What `npm run dist` puts in the installers: the built app and its runtime dependencies, never our sources, tests
// or source maps; and the security fuses flipped in the binary. electron-builder runs for real (linux `dir` target,
// the step every installer starts from) with a stand-in Electron distribution, because the Electron binary cannot be
// downloaded here. The stand-in carries Electron's fuse wire (sentinel, version 1, 8 fuses, all enabled as shipped)
// so that electron-builder's own fuse flipping runs and can be read back.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const require = createRequire(import.meta.url);
const asar = require('@electron/asar') as {
  listPackage(path: string): string[];
  extractAll(archive: string, dest: string): void;
};
const fuses = require('@electron/fuses') as {
  getCurrentFuseWire(path: string): Promise<Record<string, number>>;
  FuseV1Options: Record<string, number>;
};
/** @electron/fuses' FuseState values ('0' and '1' in the wire); the enum is not exported from its index. */
const st = { DISABLE: 48, ENABLE: 49 };
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

let work: string;
let files: string[];
let binary: string;
let archive: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'puffin-dist-'));
  const fakeDist = join(work, 'electron-dist');
  execFileSync('mkdir', ['-p', fakeDist]);
  writeFileSync(join(fakeDist, 'electron'), `#!/bin/sh\nexit 0\n${SENTINEL}\x01\x0811111111\n`, 'latin1');
  chmodSync(join(fakeDist, 'electron'), 0o755);
  writeFileSync(join(fakeDist, 'version'), 'v45.4.1');
  execFileSync(bin('electron-vite'), ['build'], { cwd: root, stdio: 'pipe' });
  const output = join(work, 'out');
  execFileSync(
    bin('electron-builder'),
    ['--linux', 'dir', `-c.electronDist=${fakeDist}`, `-c.directories.output=${output}`],
    { cwd: root, stdio: 'pipe', env: { ...process.env, CSC_IDENTITY_AUTO_DISCOVERY: 'false' } },
  );
  archive = join(output, 'linux-unpacked', 'resources', 'app.asar');
  files = asar.listPackage(archive);
  binary = join(output, 'linux-unpacked', 'puffin');
}, 300_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the packaged app (electron-builder.yml)', () => {
  it('holds the built main, preload and renderer and the manifest', () => {
    for (const f of [
      '/out/main/index.js',
      '/out/preload/index.cjs',
      '/out/renderer/index.html',
      '/package.json',
    ])
      expect(files).toContain(f);
  });

  it('holds the runtime dependencies the built main loads', () => {
    for (const dep of ['ajv', 'execa', 'typescript', 'ws'])
      expect(files).toContain(`/node_modules/${dep}/package.json`);
  });

  it('holds no sources, tests, fixtures, benchmarks, scripts or source maps of ours', () => {
    const ours = files.filter((f) => !f.startsWith('/node_modules/'));
    expect(ours.filter((f) => /^\/(src|test|e2e|bench|scripts|docs|build|\.github)(\/|$)/.test(f))).toEqual(
      [],
    );
    expect(ours.filter((f) => /\.(ts|tsx|map)$|\.test\./.test(f))).toEqual([]);
  });

  it('does not ship the test-only Claude Code CLI copies or the dev toolchain', () => {
    for (const dev of [
      '@anthropic-ai/claude-code',
      'claude-code-old',
      'vitest',
      'electron',
      '@playwright/test',
    ])
      expect(files).not.toContain(`/node_modules/${dev}/package.json`);
  });

  it('flips the security fuses in the binary (electron-builder.yml electronFuses)', async () => {
    const wire = await fuses.getCurrentFuseWire(binary);
    const o = fuses.FuseV1Options;
    expect(wire[o.RunAsNode!]).toBe(st.DISABLE);
    expect(wire[o.EnableNodeOptionsEnvironmentVariable!]).toBe(st.DISABLE);
    expect(wire[o.EnableNodeCliInspectArguments!]).toBe(st.DISABLE);
    expect(wire[o.GrantFileProtocolExtraPrivileges!]).toBe(st.DISABLE);
    expect(wire[o.EnableCookieEncryption!]).toBe(st.ENABLE);
    expect(wire[o.EnableEmbeddedAsarIntegrityValidation!]).toBe(st.ENABLE);
    expect(wire[o.OnlyLoadAppFromAsar!]).toBe(st.ENABLE);
  });

  it('loads its main as Electron does (an ES module: no extension added to an import), electron alone stubbed', () => {
    const app = join(work, 'app');
    asar.extractAll(archive, app);
    const mainDir = join(app, 'out', 'main');
    const texts = readdirSync(mainDir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(mainDir, f), 'utf8'));
    const electronNames = new Set(
      texts.flatMap((t) =>
        [...t.matchAll(/import\s*\{([^}]*)\}\s*from\s*"electron"/g)].flatMap((m) =>
          m[1]!.split(',').map((n) => n.trim().split(/\s+as\s+/)[0]!),
        ),
      ),
    );
    // Every package a chunk imports, statically or when first needed, loads from the packaged node_modules.
    const packages = new Set(
      texts.flatMap((t) =>
        [...t.matchAll(/(?:from\s*|import\s*\(\s*)"([^"./][^"]*)"/g)]
          .map((m) => m[1]!)
          .filter((s) => s !== 'electron' && !s.startsWith('node:')),
      ),
    );
    // ...and every package it requires lazily (Ajv: lazyAjv.ts), through the bundle's own require.
    const required = new Set(
      texts.flatMap((t) => [...t.matchAll(/__require\("([^"./][^"]*)"\)/g)].map((m) => m[1]!)),
    );
    expect(packages).toContain('openai');
    expect(required).toContain('ajv');
    const stub = [
      'export const app = { requestSingleInstanceLock: () => true, on() {}, quit() {}, exit() {}, setPath() {},',
      "  whenReady() { process.stdout.write('whenReady\\n'); return new Promise(() => {}); } };",
      'export const protocol = { registerSchemesAsPrivileged() {}, handle() {} };',
      ...[...electronNames]
        .filter((n) => n !== 'app' && n !== 'protocol')
        .map((n) => `export const ${n} = {};`),
      `for (const s of ${JSON.stringify([...packages])}) await import(s);`,
      "const require = (await import('node:module')).createRequire(process.argv[1]);",
      `for (const s of ${JSON.stringify([...required])}) require(s);`,
      "process.stdout.write('packages loaded\\n');",
    ].join('\n');
    const hooks = join(work, 'electron-stub-hooks.mjs');
    writeFileSync(
      hooks,
      `export async function resolve(spec, context, next) {
        if (spec === 'electron') return { url: 'stub:electron', shortCircuit: true };
        // The stub's own imports resolve as the main bundle's would.
        const parentURL = context.parentURL === 'stub:electron' ? ${JSON.stringify(pathToFileURL(join(mainDir, 'index.js')).href)} : context.parentURL;
        return next(spec, { ...context, parentURL });
      }
      export async function load(url, context, next) {
        if (url === 'stub:electron') return { format: 'module', source: ${JSON.stringify(stub)}, shortCircuit: true };
        return next(url, context);
      }`,
    );
    const register = join(work, 'register-electron-stub.mjs');
    writeFileSync(
      register,
      `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
    );
    const r = spawnSync(
      process.execPath,
      ['--import', pathToFileURL(register).href, join(mainDir, 'index.js')],
      {
        cwd: mainDir,
        encoding: 'utf8',
        timeout: 60_000,
        env: { ...process.env, PUFFIN_USER_DATA: join(work, 'user-data') },
      },
    );
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('packages loaded\nwhenReady\n');
    expect(r.status).toBe(0);
  });
});
