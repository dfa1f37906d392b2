#!/usr/bin/env node
// Headless Puffin: runs the prebuilt CLI (out/headless/, rebuilt whenever a source changed), so `npx puffin` works
// right after `npm install` and starts without transpiling; tsx runs the sources when the build cannot. CommonJS,
// like the bundle it runs: a start with a current build never sets up Node's ES module loader.
'use strict';
const { requireSupportedNode } = require('../scripts/node-version.cjs');

// On Node 20 (Debian's), this runs again under the Node 22 that `npm install` put in node_modules.
requireSupportedNode(require('node:path').join(__dirname, '..'), __filename);

const { join } = require('node:path');
const { entryFile, freshBuild } = require('../scripts/prebuiltLayout.cjs');
const { loadWarm } = require('../scripts/warmScript.cjs');
const { commandOf } = require('../scripts/commandOf.cjs');

/** The CLI's exports: from the current build, or through prebuilt.mjs, which builds it or falls back to tsx. */
async function loadCli(root, tag) {
  const dir = process.env.PUFFIN_NO_PREBUILT ? null : freshBuild(root);
  if (dir) return loadWarm(entryFile(dir, 'cli'), tag);
  // V8's code cache on disk for the ES modules of a build or of tsx (Node >= 22.1).
  require('node:module').enableCompileCache?.();
  const { loadEntry } = await import('../scripts/prebuilt.mjs');
  return loadEntry(root, 'cli', (line) => process.stderr.write(line + '\n'), undefined, tag);
}

async function main() {
  const args = process.argv.slice(2);
  const { runCli } = await loadCli(join(__dirname, '..'), commandOf(args));
  process.exitCode = await runCli(args, {
    // Node makes process.stdin and process.stderr when first read (~3 ms for a pipe): only a command that
    // uses them pays. stdin's text is read from its descriptor (see readStdin) except on Windows.
    get stdin() {
      return process.stdin;
    },
    ...(process.platform === 'win32' ? {} : { stdinFd: 0 }),
    stdout: process.stdout,
    get stderr() {
      return process.stderr;
    },
    env: process.env,
    cwd: process.cwd(),
  });
}

void main();
