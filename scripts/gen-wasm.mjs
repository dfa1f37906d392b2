#!/usr/bin/env node
// `npm run gen:wasm`: assembles src/main/engines/claude-cli/stream/deltaScanner.wat (WebAssembly text, the source) into
// src/main/engines/claude-cli/stream/deltaScanner.wasm.ts (its binary as base64), so the app and the bundles load it like any other
// module, with no build step of their own and no file to locate at run time. wabt (a devDependency) only assembles.
//   node scripts/gen-wasm.mjs           write the file
//   node scripts/gen-wasm.mjs --stdout  print what would be written (the staleness test compares it)
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import wabt from 'wabt';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'src', 'main', 'engines', 'claude-cli', 'stream', 'deltaScanner.wat');
const outFile = join(root, 'src', 'main', 'engines', 'claude-cli', 'stream', 'deltaScanner.wasm.ts');

const tools = await wabt();
const module = tools.parseWat('deltaScanner.wat', await readFile(source, 'utf8'), { simd: true });
module.validate();
const { buffer } = module.toBinary({});
module.destroy();
const base64 = Buffer.from(buffer).toString('base64');
const lines = base64.match(/.{1,100}/g) ?? [];
const text = `/**
 * GENERATED FILE - do not edit by hand.
 * Source: src/main/engines/claude-cli/stream/deltaScanner.wat; generator: scripts/gen-wasm.mjs (\`npm run gen:wasm\`).
 * A test fails when this file is stale.
 */
export const DELTA_SCANNER_WASM =
${lines.map((l) => `  '${l}'`).join(' +\n')};
`;
if (process.argv.includes('--stdout')) process.stdout.write(text);
else await writeFile(outFile, text);
