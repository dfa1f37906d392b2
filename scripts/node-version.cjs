// Puffin's dependencies need Node.js 22 (Set methods, newer built-ins): on an older Node, say so in one line before
// anything loads, instead of an error from deep inside a dependency (Node 20: "TEXT_ENCODINGS.union is not a
// function") after the host has already printed its address.
'use strict';
// CommonJS: bin/puffin.cjs requires it before anything else, on whatever Node runs it.
const MIN_NODE_MAJOR = 22;

/** Why this Node cannot run Puffin, with what to do; null when it can. */
function nodeVersionProblem(version) {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (major >= MIN_NODE_MAJOR) return null;
  return (
    `Puffin needs Node.js ${MIN_NODE_MAJOR} or newer; this is Node ${version.replace(/^v/, '')}. ` +
    'Run it through npm inside the checkout (npm start, npm run serve, npx puffin), which uses the Node 22 ' +
    '`npm install` put in node_modules, or install Node.js 22 (https://nodejs.org) and put it first on your PATH.'
  );
}

/** Exits with the reason on an unsupported Node. */
function requireSupportedNode() {
  const problem = nodeVersionProblem(process.versions.node);
  if (problem === null) return;
  process.stderr.write(problem + '\n');
  process.exit(1);
}

module.exports = { MIN_NODE_MAJOR, nodeVersionProblem, requireSupportedNode };
