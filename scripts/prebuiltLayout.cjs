// Where the prebuilt headless bundle lives (out/headless/) and whether it is current. CommonJS, so bin/puffin.cjs
// checks it and starts the CLI without Node's ES module loader (~4 ms of every start); scripts/prebuilt.mjs builds it.
'use strict';
const { existsSync, readdirSync, readFileSync, statSync } = require('node:fs');
const { join, sep } = require('node:path');

/** The bundles' entry points, by name. Each bundle's heavy dependencies stay behind its dynamic imports. */
const ENTRIES = {
  cli: 'src/cli/main.ts',
  host: 'src/host/main.ts',
  // The repo map's worker thread: the host starts it from the file beside its bundle (repoMap/mapWorkerClient.ts).
  repoMapWorker: 'src/main/llm/grounding/repoMap/mapWorker.ts',
};
/**
 * Entries built as one CommonJS file and run from a code cache warmed by their own runs (warmScript.cjs): a headless
 * command is a whole process, and the functions it runs, compiled again at every start, were a large part of its
 * cost. The host stays ES modules in chunks: it starts once and answers its first request before loading services.
 */
const COMMONJS = new Set(['cli']);
const entryFile = (dir, name) => join(dir, COMMONJS.has(name) ? `${name}.cjs` : `${name}.js`);

const buildsDir = (root) => join(root, 'out', 'headless');
const manifestPath = (root) => join(buildsDir(root), 'current.json');

/** [modification time, size] of a file, or null when it is gone. */
function stamp(file) {
  try {
    const s = statSync(file);
    return [s.mtimeMs, s.size];
  } catch {
    return null;
  }
}

/**
 * What stands for a bundled file in the up-to-date check: itself, or for a file of an installed package that
 * package's package.json (an install that changes the package changes its version; ~230 files become ~10 stats).
 */
function stampedAs(file) {
  const at = file.lastIndexOf('node_modules/');
  if (at < 0) return file;
  const parts = file.slice(at + 'node_modules/'.length).split('/');
  const name = parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  return `${file.slice(0, at)}node_modules/${name}/package.json`;
}

/**
 * [modification time, size] of every file under the folders `dirs` (keys relative to `root`, with `/`), and the
 * newest modification time: one walk serves both up-to-date checks of a start, the renderer's and the bundle's.
 */
function stampTree(root, dirs) {
  const base = root.endsWith(sep) ? root : root + sep;
  const stamps = new Map();
  let newest = 0;
  const walk = (rel) => {
    for (const entry of readdirSync(base + rel, { withFileTypes: true })) {
      const file = `${rel}/${entry.name}`; // not path.join: its normalising, per file, cost more than the stat
      if (entry.isDirectory()) walk(file);
      else {
        const now = stamp(base + file);
        stamps.set(file, now);
        if (now && now[0] > newest) newest = now[0];
      }
    }
  };
  for (const dir of dirs) walk(dir);
  return { stamps, newest };
}

/**
 * The current build's folder when every file it was built from is unchanged; otherwise null. `known` holds stamps
 * just taken (stampTree) for files it need not stat again; a file missing from it is stat'ed.
 */
function freshBuild(root, known = new Map()) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath(root), 'utf8'));
  } catch {
    return null;
  }
  const dir = join(buildsDir(root), manifest.dir);
  // Plain concatenation: path.join's normalising, ~500 times, was a visible part of every start.
  const base = root.endsWith(sep) ? root : root + sep;
  for (const [file, then] of Object.entries(manifest.inputs)) {
    const now = known.get(file) ?? stamp(base + file);
    if (now?.[0] !== then?.[0] || now?.[1] !== then?.[1]) return null;
  }
  return Object.keys(ENTRIES).every((name) => existsSync(entryFile(dir, name))) ? dir : null;
}

module.exports = {
  ENTRIES,
  COMMONJS,
  entryFile,
  buildsDir,
  manifestPath,
  stamp,
  stampedAs,
  stampTree,
  freshBuild,
};
