#!/usr/bin/env node
// Headless Puffin: runs the TypeScript CLI through tsx so `npx puffin` works right after `npm install`.
import { register } from 'tsx/esm/api';
import { fileURLToPath } from 'node:url';

register();
const main = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));
const { runCli } = await import(main);
process.exitCode = await runCli(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
});
