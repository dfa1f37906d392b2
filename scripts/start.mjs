#!/usr/bin/env node
// `npm start`: the desktop app, or — where Electron cannot start — the browser host.
// `npm run serve` (= --host): always the browser host. Options: --port N, --json, --no-build.
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import module, { createRequire } from 'node:module';
import { findElectronBinary } from './electron-binary.mjs';
import { decideLaunch, fallbackLine } from './launch.mjs';
import { loadEntry, stampTree } from './prebuilt.mjs';
import { requireSupportedNode } from './node-version.cjs';

requireSupportedNode();

// V8's code cache on disk (Node ≥ 22.1): later starts of the host skip compiling its bundle again.
module.enableCompileCache?.();
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/**
 * node:child_process, required when first needed (a build, Electron): `npm run serve` with an up-to-date out/ never
 * needs it, and an ES import of it alone cost ~4 ms of the host's start.
 */
const childProcess = () => createRequire(import.meta.url)('node:child_process');
const args = process.argv.slice(2);
const hostOnly = args.includes('--host');
const json = args.includes('--json');
const portArg = args.indexOf('--port');
const port = portArg >= 0 ? Number(args[portArg + 1]) : undefined;

/**
 * The folders out/ is built from. The browser host runs only out/renderer, which the renderer's folder and
 * src/shared (all it may import) make; the desktop app also runs out/main and out/preload, made from the rest.
 */
const BUILT_FROM = hostOnly ? ['src/renderer', 'src/shared'] : ['src'];

/** Builds when out/ is missing or older than its sources (`sources`: their stampTree), so a fresh clone just works. */
function buildIfStale(sources) {
  const marker = join(root, 'out', 'renderer', 'index.html');
  if (args.includes('--no-build') && existsSync(marker)) return;
  if (existsSync(marker) && statSync(marker).mtimeMs >= sources.newest) return;
  const log = json ? 'pipe' : 'inherit';
  const r = childProcess().spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'],
    {
      cwd: root,
      stdio: ['ignore', log, 'inherit'],
    },
  );
  if (r.status !== 0) {
    process.stderr.write('Build failed; see the errors above.\n');
    process.exit(1);
  }
}

/** Runs electron's own installer (the download `require('electron')` would start), its progress on stderr. */
function downloadElectron() {
  return new Promise((resolve) => {
    let installer;
    try {
      installer = join(
        dirname(createRequire(import.meta.url).resolve('electron/package.json')),
        'install.js',
      );
    } catch {
      resolve({ ok: false, reason: 'the electron package is not installed (run npm install)' });
      return;
    }
    const child = childProcess().spawn(process.execPath, [installer], {
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-2000)));
    child.on('error', (err) => resolve({ ok: false, reason: err.message }));
    child.on('exit', (code) => {
      const last =
        stderr
          .trim()
          .split('\n')
          .find((l) => /error/i.test(l)) ?? `exit code ${code}`;
      resolve(code === 0 ? { ok: true } : { ok: false, reason: last.trim() });
    });
  });
}

async function runHost() {
  const say = (line) => process.stderr.write(line + '\n');
  // The walk that checked the renderer spares the bundle's check a second stat of every source.
  const { runHost } = await loadEntry(root, 'host', say, sources.stamps);
  await runHost({ port, json, rendererDir: join(root, 'out', 'renderer') });
}

// One walk for both up-to-date checks: out/'s (here) and the host bundle's (loadEntry).
const sources = stampTree(root, BUILT_FROM);
buildIfStale(sources);
const launch = await decideLaunch({
  hostOnly,
  platform: process.platform,
  env: process.env,
  findBinary: findElectronBinary,
  download: downloadElectron,
  say: (line) => process.stderr.write(line + '\n'),
});
if (launch.kind === 'host') {
  if (launch.reason) process.stdout.write(fallbackLine(launch) + '\n');
  await runHost();
} else {
  const child = childProcess().spawn(launch.path, [root], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
}
