#!/usr/bin/env node
// Headless Puffin: runs the prebuilt CLI (out/headless/, rebuilt here whenever a source changed), so `npx puffin`
// works right after `npm install` and starts without transpiling; tsx runs the sources when the build cannot.
import { fileURLToPath } from 'node:url';
import { loadEntry } from '../scripts/prebuilt.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { runCli } = await loadEntry(root, 'cli', (line) => process.stderr.write(line + '\n'));
process.exitCode = await runCli(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
});
