#!/usr/bin/env node
// `npm start`: the desktop app, or — where Electron cannot start — the browser host.
// `npm run serve` (= --host): always the browser host. Options: --port N, --json, --no-build.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import module, { createRequire } from 'node:module';
import { findElectronBinary } from './electron-binary.mjs';
import { decideLaunch, fallbackLine } from './launch.mjs';
import { loadEntry } from './prebuilt.mjs';

// V8's code cache on disk (Node ≥ 22.1): later starts of the host skip compiling its bundle again.
module.enableCompileCache?.();
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const hostOnly = args.includes('--host');
const json = args.includes('--json');
const portArg = args.indexOf('--port');
const port = portArg >= 0 ? Number(args[portArg + 1]) : undefined;

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = `${dir}/${entry.name}`; // not path.join: its normalising, per file, cost more than the stat
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds when out/ is missing or older than src/, so a fresh clone just works. */
function buildIfStale() {
  const marker = join(root, 'out', 'renderer', 'index.html');
  if (args.includes('--no-build') && existsSync(marker)) return;
  if (existsSync(marker) && statSync(marker).mtimeMs >= newestMtime(join(root, 'src'))) return;
  const log = json ? 'pipe' : 'inherit';
  const r = spawnSync(
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
    const child = spawn(process.execPath, [installer], { stdio: ['ignore', 'inherit', 'pipe'] });
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
  const { runHost } = await loadEntry(root, 'host', say);
  await runHost({ port, json, rendererDir: join(root, 'out', 'renderer') });
}

buildIfStale();
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
  const child = spawn(launch.path, [root], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
}
