import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { scratchDir } from '../test/support/scratchDir';
import { cachePath } from './warmScript.cjs';

const warmScript = fileURLToPath(new URL('./warmScript.cjs', import.meta.url));
let dir: string;
let bundle: string;

/** Runs `loadWarm(bundle, tag)` in a fresh Node and calls the bundle's `run(exitCode)`; returns what it printed. */
function runBundle(tag: string, exitCode = 0): { status: number | null; stdout: string } {
  const runner = `const m = require(${JSON.stringify(warmScript)}).loadWarm(${JSON.stringify(bundle)}, ${JSON.stringify(tag)});
    process.stdout.write(m.describe()); process.exitCode = ${exitCode};`;
  const r = spawnSync(process.execPath, ['-e', runner], { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout };
}

beforeEach(() => {
  dir = scratchDir('puffin-warm-');
  mkdirSync(join(dir, 'lib'));
  writeFileSync(join(dir, 'lib', 'helper.js'), `module.exports = { word: 'helped' };\n`);
  bundle = join(dir, 'cli.cjs');
  writeFileSync(
    bundle,
    `const { word } = require('./lib/helper.js');
     function describe() { return [word, __filename, __dirname, typeof module.exports].join('|'); }
     module.exports = { describe };\n`,
  );
});

describe('loadWarm: a CommonJS bundle run from a code cache of its own runs', () => {
  it('sees require (relative to the bundle), module, __filename and __dirname as a required module would', () => {
    expect(runBundle('prompt').stdout).toBe(`helped|${bundle}|${dir}|object`);
  });

  it('writes a cache per tag after a run that exits 0, which the next runs use without rewriting it', () => {
    runBundle('prompt');
    const cache = cachePath(bundle, 'prompt');
    expect(statSync(cache).size).toBeGreaterThan(0);
    const written = readFileSync(cache);
    const mtime = statSync(cache).mtimeMs;
    expect(runBundle('prompt').stdout).toContain('helped');
    expect(statSync(cache).mtimeMs).toBe(mtime); // accepted by V8: not written again
    expect(readFileSync(cache).equals(written)).toBe(true);
    expect(existsSync(cachePath(bundle, 'stories-derive'))).toBe(false);
  });

  it('writes no cache after a failed run (it may not have reached the code later runs need)', () => {
    expect(runBundle('prompt', 1).status).toBe(1);
    expect(existsSync(cachePath(bundle, 'prompt'))).toBe(false);
  });

  it('replaces a cache V8 rejects (another Node, a damaged file) after the next successful run', () => {
    const cache = cachePath(bundle, 'prompt');
    writeFileSync(cache, 'not a code cache');
    expect(runBundle('prompt').stdout).toContain('helped');
    expect(readFileSync(cache, 'utf8')).not.toBe('not a code cache');
  });

  it('runs as usual when the cache cannot be written, leaving no partial file', () => {
    mkdirSync(cachePath(bundle, 'prompt')); // a folder where the file would go: the rename fails
    const r = runBundle('prompt');
    expect(r).toEqual({ status: 0, stdout: expect.stringContaining('helped') });
    expect(readdirSync(dir).filter((f) => f.includes('.cache.'))).toEqual([]);
  });

  it('names a cache by its tag with only safe characters', () => {
    expect(cachePath('/b/cli.cjs', 'stories-derive')).toBe('/b/cli.cjs.stories-derive.cache');
    expect(cachePath('/b/cli.cjs', '../x y')).toBe('/b/cli.cjs.___x_y.cache');
  });
});

describe('bin/puffin.cjs', () => {
  it('runs a command from a current build without loading an ES module (no module job is ever created)', () => {
    execFileSync(process.execPath, [fileURLToPath(new URL('./prebuilt.mjs', import.meta.url))]); // a current build
    const probe = join(dir, 'probe.cjs');
    writeFileSync(
      probe,
      `process.on('exit', () => process.stdout.write(String(process.moduleLoadList.includes('NativeModule internal/modules/esm/module_job'))));`,
    );
    const bin = fileURLToPath(new URL('../bin/puffin.cjs', import.meta.url));
    const run = (args: string[]) =>
      execFileSync(process.execPath, ['-r', probe, ...args], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    expect(run([bin, '--help'])).toBe('false');
    // The probe tells: an ES module's start does create one.
    expect(run(['--input-type=module', '-e', 'await import("node:fs")'])).toBe('true');
  });
});
