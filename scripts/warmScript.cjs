// Runs a CommonJS bundle from a V8 code cache written after one of its own successful runs. Node's compile cache
// (module.enableCompileCache) stores a module's code right after compiling it, before it runs, so every function the
// run then calls is compiled again at every start (~10 ms of `puffin prompt`); a cache V8 makes once the run is over
// holds those too. Per tag (the command run), since each command runs different code.
'use strict';
const { readFileSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { dirname } = require('node:path');
const vm = require('node:vm');

/** Where the cache of `file` for runs tagged `tag` lives: beside the bundle, one per tag. */
const cachePath = (file, tag) => `${file}.${tag.replace(/[^\w-]/g, '_')}.cache`;

function readCache(path) {
  try {
    return readFileSync(path);
  } catch {
    return undefined; // none yet: this run writes it
  }
}

/**
 * Evaluates the CommonJS bundle `file` and returns its exports. When no usable cache exists for `tag`, one is written
 * as the process exits with code 0 (a failed run may not reach the code the next runs need); a bundle folder that
 * cannot be written to only costs the compiling.
 */
function loadWarm(file, tag) {
  const path = cachePath(file, tag);
  const cachedData = readCache(path);
  // The same wrapper Node gives a CommonJS module, so the bundle sees require, module and __filename as usual.
  const script = new vm.Script(
    `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`,
    {
      filename: file,
      cachedData,
      // import() in the bundle (the API clients' packages) goes through Node's own loader.
      importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    },
  );
  if (cachedData === undefined || script.cachedDataRejected)
    process.once('exit', (code) => {
      if (code === 0) writeCache(path, script);
    });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
  return module.exports;
}

function writeCache(path, script) {
  const tmp = `${path}.${process.pid}`;
  try {
    writeFileSync(tmp, script.createCachedData());
    renameSync(tmp, path); // whole or not at all: concurrent starts read it
  } catch {
    rmSync(tmp, { force: true }); // a read-only or full disk: later runs compile as this one did
  }
}

module.exports = { cachePath, loadWarm };
