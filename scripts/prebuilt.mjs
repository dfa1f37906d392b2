// Prebuilt JavaScript for the headless CLI and the browser host (out/headless/), so neither is transpiled by tsx at
// every start (tsx costs about twice the CPU of a bundle). Built on first use and rebuilt whenever a file it was
// built from changed (its modification time or size), so it is never stale; tsx is only the fallback when the build
// cannot run (no esbuild, a read-only checkout). `node scripts/prebuilt.mjs` builds it ahead of time (npm test does,
// so its parallel tests do not each build it).
import {
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import nodeModule, { builtinModules, createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  buildsDir,
  COMMONJS,
  ENTRIES,
  entryFile,
  freshBuild,
  manifestPath,
  stamp,
  stampedAs,
} from './prebuiltLayout.cjs';
import { loadWarm } from './warmScript.cjs';

export { ENTRIES, freshBuild, stampTree } from './prebuiltLayout.cjs';

/** Files that change the bundle without being one of its inputs. */
const EXTRA_INPUTS = ['package.json', 'scripts/prebuilt.mjs', 'scripts/prebuiltLayout.cjs'];
const OLD_BUILDS_KEPT_MS = 24 * 3600 * 1000;

/**
 * Packages loaded by a few commands only (behind dynamic imports) or never bundled: they stay external, resolved
 * from node_modules when used. Every other package is bundled in: resolving and translating dozens of small
 * CommonJS modules at run time cost more than the host's own code.
 */
const EXTERNAL = [
  'typescript',
  'postcss',
  'css-tree',
  '@octokit',
  '@anthropic-ai',
  // The MCP SDK (and zod, which it loads): only `puffin mcp` uses it.
  '@modelcontextprotocol',
  'openai',
  '@google',
  // The Bedrock client and its HTTP handler: only the bedrock provider loads them.
  '@aws-sdk',
  '@smithy',
  'ollama',
  'esbuild',
  'tsx',
  'electron',
  // ws's optional native helpers, absent unless installed.
  'bufferutil',
  'utf-8-validate',
];

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, ({ path }) => {
      const name = path.split('/', 1)[0]; // a scope stands for all its packages
      return EXTERNAL.includes(name) || path.startsWith('node:') ? { path, external: true } : undefined;
    });
  },
};

/**
 * Plain functions of built-ins that load on their first call: node:crypto costs ~3 ms of CPU to load (every
 * cipher, key and certificate module comes with it), and most starts call none of these.
 */
const LAZY_FUNCTIONS = {
  'node:crypto': new Set([
    'createHash',
    'createHmac',
    'randomBytes',
    'randomUUID',
    'randomInt',
    'timingSafeEqual',
  ]),
};

/**
 * Node's built-ins are required, not imported: an ES import builds a facade that reads every export, and some
 * exports are lazy (node:http's WebSocket loads undici, ~25 ms), which a require never touches. The module that
 * stands for a built-in is an ES module exporting it as default and each property the bundle imports by name,
 * read once: a CommonJS stand-in was wrapped by esbuild's __toESM at every one of its ~190 import sites, each
 * copying every property of the built-in (~5 ms of every start).
 */
const builtinsRequired = {
  name: 'builtins-required',
  setup(b) {
    const names = builtinModules.map((m) => m.replace(/[/]/g, '\\/')).join('|');
    b.onResolve({ filter: new RegExp(`^(node:.*|${names})$`) }, ({ path, kind }) =>
      kind === 'import-statement' ? { path, namespace: 'builtin' } : { path, external: true },
    );
    b.onLoad({ filter: /.*/, namespace: 'builtin' }, ({ path }) => {
      const id = path.startsWith('node:') ? path : `node:${path}`;
      const names = Object.getOwnPropertyNames(process.getBuiltinModule(id)).filter(
        (name) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name),
      );
      // Each read in a pure call, which esbuild drops when nothing imports that name: some properties are lazy
      // (getters, or V8 accessors that look like values: util's TextDecoder loads worker_threads).
      const lazy = LAZY_FUNCTIONS[id] ?? new Set();
      const exports = names.map((name) =>
        lazy.has(name)
          ? `export function ${name}(...args) { return load().${name}(...args); }\n`
          : `export const ${name} = /* @__PURE__ */ (() => load().${name})();\n`,
      );
      const load = lazy.size
        ? `let m;\nconst load = () => (m ??= require(${JSON.stringify(id)}));\n`
        : `const m = require(${JSON.stringify(id)});\nconst load = () => m;\n`;
      return {
        contents: `${load}export default /* @__PURE__ */ (() => load())();\n${exports.join('')}`,
        loader: 'js',
      };
    });
  },
};

/**
 * Rewrites an output file as ASCII: esbuild escapes every non-ASCII character of strings, templates, regular
 * expressions and names, but not of the comments it keeps (an arrow, a quotation mark), and one such character makes
 * Node read the whole 1.4 MB bundle into a two-byte string (~3 ms of every start). Escaped, a comment stays a comment.
 */
function asciiOnly(file) {
  const text = readFileSync(file, 'utf8');
  if (!/[^\0-\x7f]/.test(text)) return;
  writeFileSync(
    file,
    text.replace(/[^\0-\x7f]/gu, (c) => `\\u{${c.codePointAt(0).toString(16)}}`),
  );
}

/** Ajv's version where it is installed, as a define (none: the composition root reads it at run time). */
function ajvVersionDefine(root) {
  try {
    const file = createRequire(join(root, 'package.json')).resolve('ajv/package.json');
    return { __AJV_VERSION__: JSON.stringify(JSON.parse(readFileSync(file, 'utf8')).version) };
  } catch {
    return {};
  }
}

/**
 * Bundles both entries into a new folder and then points current.json at it (written whole, then renamed), so
 * concurrent starts never load a half-written build. Folders of older builds go after a day: a host started from
 * one still loads its lazy chunks from it.
 */
export async function build(root) {
  const { build: esbuild } = await import('esbuild');
  const name = `b${Date.now()}-${process.pid}`;
  const outdir = join(buildsDir(root), name);
  const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
  // Stamps taken before bundling: a file edited during the build makes the next start rebuild.
  const before = Object.fromEntries(EXTRA_INPUTS.map((f) => [f, stamp(join(root, f))]));
  const common = {
    absWorkingDir: root,
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node22',
    plugins: [builtinsRequired, externalPackages],
    // Ajv's version for the composition root (its JavaScript is an input: an upgrade rebuilds the bundle).
    define: { __PUFFIN_VERSION__: JSON.stringify(version), ...ajvVersionDefine(root) },
    metafile: true,
    logLevel: 'silent',
  };
  const pick = (commonJs) =>
    Object.fromEntries(Object.entries(ENTRIES).filter(([name]) => COMMONJS.has(name) === commonJs));
  const results = await Promise.all([
    esbuild({
      ...common,
      entryPoints: pick(false),
      splitting: true,
      format: 'esm',
      chunkNames: 'chunks/[name]-[hash]',
      // Bundled CommonJS packages call require() for Node's built-ins, which an ES module does not have.
      banner: {
        js: "import { createRequire as __puffinRequire } from 'node:module'; const require = __puffinRequire(import.meta.url);",
      },
    }),
    esbuild({
      ...common,
      entryPoints: pick(true),
      format: 'cjs',
      outExtension: { '.js': '.cjs' },
      define: { ...common.define, 'import.meta.url': '__puffinModuleUrl' },
      banner: { js: 'var __puffinModuleUrl = require("node:url").pathToFileURL(__filename).href;' },
    }),
  ]);
  const inputs = { ...before };
  for (const { metafile } of results) {
    for (const file of Object.keys(metafile.outputs)) asciiOnly(join(root, file));
    for (const file of Object.keys(metafile.inputs)) {
      const key = stampedAs(file); // a package's ~100 files share one stamp: taken once
      if (!(key in inputs)) inputs[key] = stamp(join(root, key));
    }
  }
  const tmp = `${manifestPath(root)}.${process.pid}`;
  writeFileSync(tmp, JSON.stringify({ dir: name, inputs }));
  renameSync(tmp, manifestPath(root));
  removeOldBuilds(root, name);
  return outdir;
}

function removeOldBuilds(root, keep) {
  const cutoff = Date.now() - OLD_BUILDS_KEPT_MS;
  for (const entry of readdirSync(buildsDir(root), { withFileTypes: true })) {
    const dir = join(buildsDir(root), entry.name);
    if (entry.isDirectory() && entry.name !== keep && statSync(dir).mtimeMs < cutoff)
      rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The bundle's chunks import each other by relative paths, ~100 imports per start of `puffin prompt`, and Node's
 * general resolver gives each a stat, a realpath and a package scope lookup (~7 ms of CPU per start). They are
 * .js files of one folder we wrote, in a "type": "module" package, so a resolve hook maps them to their URL as
 * ES modules directly (module.registerHooks, Node ≥ 22.15; without it, the default resolver).
 */
const directDirs = new Set();
function resolveChunksDirectly(dir) {
  const base = pathToFileURL(realpathSync(dir) + sep).href;
  if (!nodeModule.registerHooks || directDirs.has(base)) return;
  directDirs.add(base);
  nodeModule.registerHooks({
    resolve(specifier, context, nextResolve) {
      if (specifier.startsWith('./') && specifier.endsWith('.js') && context.parentURL?.startsWith(base))
        return { url: new URL(specifier, context.parentURL).href, format: 'module', shortCircuit: true };
      return nextResolve(specifier, context);
    },
  });
}

/**
 * Imports an entry's module: from the prebuilt bundle (built now when missing or stale), or through tsx when the
 * build fails (`say` is told why) or PUFFIN_NO_PREBUILT is set. `known`: stamps just taken, as for freshBuild.
 * `cacheTag` names the code cache a CommonJS entry runs from: what the process runs (a command).
 */
export async function loadEntry(root, name, say, known, cacheTag = 'default') {
  if (!process.env.PUFFIN_NO_PREBUILT) {
    let dir = freshBuild(root, known);
    if (!dir) {
      try {
        dir = await build(root);
      } catch (err) {
        const why = String(err.errors?.[0]?.text ?? err.message).split('\n')[0];
        say(`puffin: could not prebuild ${relative(root, buildsDir(root))} (${why}); running through tsx.`);
      }
    }
    if (dir && COMMONJS.has(name)) return loadWarm(entryFile(dir, name), cacheTag);
    if (dir) {
      resolveChunksDirectly(dir);
      return import(pathToFileURL(entryFile(dir, name)).href);
    }
  }
  const { register } = await import('tsx/esm/api');
  register();
  return import(pathToFileURL(join(root, ENTRIES[name])).href);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const fresh = freshBuild(root);
  process.stdout.write(
    fresh ? `up to date: ${relative(root, fresh)}\n` : `built ${relative(root, await build(root))}\n`,
  );
}
