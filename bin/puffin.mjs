#!/usr/bin/env node
// Headless Puffin: runs the prebuilt CLI (out/headless/, rebuilt here whenever a source changed), so `npx puffin`
// works right after `npm install` and starts without transpiling; tsx runs the sources when the build cannot.
import module from 'node:module';
import { fileURLToPath } from 'node:url';
import { requireSupportedNode } from '../scripts/node-version.mjs';

requireSupportedNode();

// V8's code cache on disk (Node ≥ 22.1): later starts skip compiling the bundle again.
module.enableCompileCache?.();
const { loadEntry } = await import('../scripts/prebuilt.mjs');

const root = fileURLToPath(new URL('..', import.meta.url));
const { runCli } = await loadEntry(root, 'cli', (line) => process.stderr.write(line + '\n'));
process.exitCode = await runCli(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
});
