// Puffin's dependencies need Node.js 22 (Set methods, newer built-ins): on an older Node, bin/puffin.cjs hands the
// command to the Node 22 that `npm install` put in the checkout (the `node` devDependency), so a linked `puffin`
// works on Debian's Node 20; without one it says so in one line before anything loads, instead of an error from deep
// inside a dependency (Node 20: "TEXT_ENCODINGS.union is not a function").
'use strict';
// CommonJS: bin/puffin.cjs requires it before anything else, on whatever Node runs it.
const { spawnSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const MIN_NODE_MAJOR = 22;
/** Set in the environment of a command handed over, so a Node that still reports too old is never run again. */
const HANDED_OVER = 'PUFFIN_NODE_HANDED_OVER';

/** Why this Node cannot run Puffin, with what to do; null when it can. */
function nodeVersionProblem(version) {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (major >= MIN_NODE_MAJOR) return null;
  return (
    `Puffin needs Node.js ${MIN_NODE_MAJOR} or newer; this is Node ${version.replace(/^v/, '')}. ` +
    'Run `npm install` in the Puffin checkout (it puts a Node 22 in node_modules that `puffin`, npm start and ' +
    'npm run serve then use), or install Node.js 22 (https://nodejs.org) and put it first on your PATH.'
  );
}

/** The Node 22 binary of the checkout at `root` (node_modules/node, installed by `npm install`), or null. */
function checkoutNode(root) {
  const file = join(root, 'node_modules', 'node', 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  return existsSync(file) ? file : null;
}

/**
 * Returns at once on a supported Node. On an older one, with `root` given, runs `entry` with the same arguments
 * under the checkout's own Node 22 and exits as it did; otherwise (or without one) exits 1 with the reason.
 */
function requireSupportedNode(root, entry) {
  const problem = nodeVersionProblem(process.versions.node);
  if (problem === null) return;
  const node = root && !process.env[HANDED_OVER] ? checkoutNode(root) : null;
  if (node) {
    const r = spawnSync(node, [entry, ...process.argv.slice(2)], {
      stdio: 'inherit',
      env: { ...process.env, [HANDED_OVER]: '1' },
    });
    if (!r.error) {
      if (r.signal) process.kill(process.pid, r.signal);
      process.exit(r.status ?? 1);
    }
  }
  process.stderr.write(problem + '\n');
  process.exit(1);
}

/**
 * The one line `npm install` ends with on a Node older than Puffin needs (npm's user agent names the Node that ran
 * npm: its scripts see the checkout's Node 22 first on PATH), or null on a supported Node.
 */
function installNote(userAgent) {
  const version = / node\/v?(\d[^\s]*)/.exec(userAgent ?? '')?.[1];
  if (!version || nodeVersionProblem(version) === null) return null;
  return (
    `Puffin: this npm runs on Node ${version}, older than the ${MIN_NODE_MAJOR} Puffin needs; npm start, npm run ` +
    `serve, npm test and ./bin/puffin.cjs (or \`puffin\` after npm link) run on the Node ${MIN_NODE_MAJOR} just installed in node_modules.`
  );
}

module.exports = { MIN_NODE_MAJOR, nodeVersionProblem, checkoutNode, requireSupportedNode, installNote };
