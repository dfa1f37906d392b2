#!/usr/bin/env node
// `npm start`: the desktop app, or — where Electron cannot start — the browser host.
// `npm run serve` (= --host): always the browser host. Options: --port N, --json, --no-build.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findElectronBinary } from './electron-binary.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const hostOnly = args.includes('--host');
const json = args.includes('--json');
const portArg = args.indexOf('--port');
const port = portArg >= 0 ? Number(args[portArg + 1]) : undefined;

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
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

/** Why Electron cannot start here, or null when it can. */
function electronUnavailable() {
  const found = findElectronBinary();
  if ('missing' in found) return found.missing;
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY)
    return 'there is no display (DISPLAY/WAYLAND_DISPLAY unset)';
  return null;
}

async function runHost() {
  const { register } = await import('tsx/esm/api');
  register();
  const { runHost } = await import(join(root, 'src', 'host', 'main.ts'));
  await runHost({ port, json });
}

buildIfStale();
if (hostOnly) {
  await runHost();
} else {
  const reason = electronUnavailable();
  if (reason) {
    process.stdout.write(`Electron cannot start here: ${reason}; serving the browser host instead.\n`);
    await runHost();
  } else {
    const child = spawn(findElectronBinary().path, [root], { stdio: 'inherit' });
    child.on('exit', (code) => process.exit(code ?? 0));
  }
}
