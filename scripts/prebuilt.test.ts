import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { build, ENTRIES, freshBuild, stampTree } from './prebuilt.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
let root: string;

function write(rel: string, text: string): void {
  mkdirSync(join(root, rel, '..'), { recursive: true });
  writeFileSync(join(root, rel), text);
}

/** Runs `loadEntry(root, 'cli')` in a fresh Node, as bin/puffin.cjs does; prints the entry's `answer`. */
function loadCli(env: Record<string, string> = {}): { answer: string; said: string } {
  const runner = `import { loadEntry } from ${JSON.stringify(join(repo, 'scripts', 'prebuilt.mjs'))};
    const said = [];
    const m = await loadEntry(${JSON.stringify(root)}, 'cli', (l) => said.push(l));
    process.stdout.write(JSON.stringify({ answer: m.answer, said: said.join('\\n') }));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', runner], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return JSON.parse(out) as { answer: string; said: string };
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'puffin-prebuilt-'));
  write('package.json', JSON.stringify({ version: '9.8.7', type: 'module' }));
  mkdirSync(join(root, 'scripts'));
  for (const file of ['prebuilt.mjs', 'prebuiltLayout.cjs', 'warmScript.cjs'])
    copyFileSync(join(repo, 'scripts', file), join(root, 'scripts', file));
  write('src/cli/word.ts', `export const word: string = 'one';\n`);
  write(
    'src/cli/main.ts',
    `import { word } from './word';\ndeclare const __PUFFIN_VERSION__: string | undefined;\n` +
      `export const answer = word + ' ' + (typeof __PUFFIN_VERSION__ === 'string' ? __PUFFIN_VERSION__ : 'source');\n`,
  );
  write('src/host/main.ts', `export const host = true;\n`);
  write('src/main/llm/grounding/repoMap/mapWorker.ts', `export const worker = true;\n`);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the prebuilt headless bundle (out/headless)', () => {
  it('is built on first use, with the package version written in, and reused while nothing changed', async () => {
    expect(freshBuild(root)).toBeNull();
    expect(loadCli().answer).toBe('one 9.8.7');
    const dir = freshBuild(root);
    expect(dir).not.toBeNull();
    expect(loadCli().answer).toBe('one 9.8.7');
    expect(freshBuild(root)).toBe(dir);
    // The host starts the repo map's worker from the file beside its bundle.
    expect(existsSync(join(dir!, 'repoMapWorker.js'))).toBe(true);
  });

  it('is stale as soon as any file it was built from changes, imported ones included, and rebuilt', async () => {
    await build(root);
    expect(freshBuild(root)).not.toBeNull();
    write('src/cli/word.ts', `export const word: string = 'two!';\n`);
    expect(freshBuild(root)).toBeNull();
    expect(loadCli().answer).toBe('two! 9.8.7');
    write('package.json', JSON.stringify({ version: '9.8.10', type: 'module' }));
    expect(freshBuild(root)).toBeNull();
    expect(loadCli().answer).toBe('two! 9.8.10');
  });

  it('checks the same with the stamps of the one walk of src/ a start takes as with its own stats', async () => {
    const dir = await build(root);
    expect(freshBuild(root, stampTree(root, ['src']).stamps)).toBe(dir);
    write('src/cli/word.ts', `export const word: string = 'three';\n`);
    expect(freshBuild(root, stampTree(root, ['src']).stamps)).toBeNull();
    await build(root);
    rmSync(join(root, 'src/cli/word.ts'));
    expect(freshBuild(root, stampTree(root, ['src']).stamps)).toBeNull();
  });

  it("stamps every file under a folder and knows the newest (the renderer's up-to-date check)", () => {
    utimesSync(join(root, 'src/host/main.ts'), 2_000_000_000, 2_000_000_000);
    const { stamps, newest } = stampTree(root, ['src']);
    expect([...stamps.keys()].sort()).toEqual([
      'src/cli/main.ts',
      'src/cli/word.ts',
      'src/host/main.ts',
      'src/main/llm/grounding/repoMap/mapWorker.ts',
    ]);
    expect([...stampTree(root, ['src/cli']).stamps.keys()].sort()).toEqual([
      'src/cli/main.ts',
      'src/cli/word.ts',
    ]);
    const word = statSync(join(root, 'src/cli/word.ts'));
    expect(stamps.get('src/cli/word.ts')).toEqual([word.mtimeMs, word.size]);
    expect(newest).toBe(2_000_000_000_000);
  });

  it('writes only ASCII (a non-ASCII comment esbuild keeps would make Node read a two-byte string) and means the same', async () => {
    write(
      'src/cli/word.ts',
      `export const table: Record<string, string> = {\n  /** één → two */\n  w: 'één → 🐦',\n};\nexport const word = table.w;\n`,
    );
    const dir = await build(root);
    const bundle = readFileSync(join(dir, 'cli.cjs'), 'utf8');
    expect(bundle).toContain('/** \\u{e9}\\u{e9}n \\u{2192} two */'); // the kept comment, escaped
    expect(bundle).toMatch(/^[\0-\x7f]*$/);
    expect(loadCli().answer).toBe('één → 🐦 9.8.7');
  });

  it("stands for a bundled package's files by its package.json (an install that changes it changes that)", async () => {
    write('node_modules/@acme/word/package.json', JSON.stringify({ name: '@acme/word', version: '1.0.0' }));
    write('node_modules/@acme/word/index.js', `module.exports = { word: 'packaged' };\n`);
    write('src/cli/word.ts', `export { word } from '@acme/word';\n`);
    expect(loadCli().answer).toBe('packaged 9.8.7');
    const manifest = JSON.parse(readFileSync(join(root, 'out/headless/current.json'), 'utf8')) as {
      inputs: Record<string, unknown>;
    };
    expect(Object.keys(manifest.inputs)).toContain('node_modules/@acme/word/package.json');
    expect(Object.keys(manifest.inputs)).not.toContain('node_modules/@acme/word/index.js');
    expect(freshBuild(root)).not.toBeNull();
    write('node_modules/@acme/word/package.json', JSON.stringify({ name: '@acme/word', version: '1.0.1' }));
    expect(freshBuild(root)).toBeNull();
  });

  it('falls back to running the sources through tsx when it cannot be built, and says why', () => {
    writeFileSync(join(root, 'out'), 'a file where the build folder should be');
    const { answer, said } = loadCli();
    expect(answer).toBe('one source');
    expect(said).toMatch(/could not prebuild out\/headless .*running through tsx/);
  });

  it('runs the sources through tsx when PUFFIN_NO_PREBUILT is set', () => {
    expect(loadCli({ PUFFIN_NO_PREBUILT: '1' }).answer).toBe('one source');
    expect(freshBuild(root)).toBeNull();
  });
});

/** Packages that cost 100+ ms to load: only the commands that use them may import them, dynamically. */
const HEAVY = [
  'typescript',
  'postcss',
  'css-tree',
  '@octokit/rest',
  '@anthropic-ai/sdk',
  'openai',
  '@google/genai',
  '@aws-sdk/client-bedrock-runtime',
  '@smithy/node-http-handler',
  'jira.js',
  '@linear/sdk',
];

/** Every file and package an entry imports statically (not through import()), each with the chain reaching it. */
async function staticImports(entry: string): Promise<Map<string, string>> {
  const { metafile } = await esbuild({
    absWorkingDir: repo,
    entryPoints: [entry],
    bundle: true,
    write: false,
    outdir: 'unused',
    platform: 'node',
    format: 'esm',
    packages: 'external',
    metafile: true,
    logLevel: 'silent',
  });
  const chains = new Map([[entry, entry]]);
  for (const [file, chain] of chains)
    for (const imp of metafile.inputs[file]?.imports ?? [])
      if (imp.kind === 'import-statement' && !chains.has(imp.path))
        chains.set(imp.path, `${chain} -> ${imp.path}`);
  return chains;
}

describe('what the CLI and the browser host load at start', () => {
  it.each(Object.entries(ENTRIES))('%s imports no heavy package statically', async (_name, entry) => {
    const chains = await staticImports(entry);
    expect([...chains].filter(([path]) => HEAVY.includes(path)).map(([, chain]) => chain)).toEqual([]);
    expect(chains.size).toBeGreaterThan(10); // the walk followed the entry's imports
  });

  it('the host answers its first request without its services: no ws, ajv, execa or composition root up front', async () => {
    const chains = await staticImports(ENTRIES.host);
    const services = ['ws', 'ajv', 'execa', 'src/main/app/core.ts'];
    expect([...chains].filter(([path]) => services.includes(path)).map(([, chain]) => chain)).toEqual([]);
    expect(chains.has('src/host/server.ts')).toBe(true);
  });
});
