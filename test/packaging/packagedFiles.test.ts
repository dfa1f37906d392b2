// What `npm run dist` puts in the installers: the built app and its runtime dependencies, never our sources, tests
// or source maps; and the security fuses flipped in the binary. electron-builder runs for real (linux `dir` target,
// the step every installer starts from) with a stand-in Electron distribution, because the Electron binary cannot be
// downloaded here. The stand-in carries Electron's fuse wire (sentinel, version 1, 8 fuses, all enabled as shipped)
// so that electron-builder's own fuse flipping runs and can be read back.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const require = createRequire(import.meta.url);
const asar = require('@electron/asar') as { listPackage(path: string): string[] };
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
  files = asar.listPackage(join(output, 'linux-unpacked', 'resources', 'app.asar'));
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
});
