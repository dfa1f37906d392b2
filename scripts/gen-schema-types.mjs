#!/usr/bin/env node
// `npm run gen:types`: writes src/shared/schema-types.ts from the JSON Schemas of src/main/schemas, so the TypeScript
// types of every structured output come from the same schemas the CLI gets, and the types of every record of the
// project store from the same schemas that validate its files (no hand-copied duplicates).
//   src/main/schemas/*.schema.{json,ts}          workflow outputs   -> interface SchemaOutputs
//   src/main/schemas/records/*.schema.ts         store records      -> interface RecordTypes
// A `.schema.ts` module exports its schema as default (it is built from shared parts, e.g. the story-draft limits).
//   node scripts/gen-schema-types.mjs           write the file
//   node scripts/gen-schema-types.mjs --stdout  print what would be written (the staleness test compares it)
import { compile } from 'json-schema-to-typescript';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import prettier from 'prettier';
import { tsImport } from 'tsx/esm/api';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const schemaDir = join(root, 'src', 'main', 'schemas');
const recordDir = join(schemaDir, 'records');
const outFile = join(root, 'src', 'shared', 'schema-types.ts');

const HEADER = `/**
 * GENERATED FILE - do not edit by hand.
 * Source: src/main/schemas/*.schema.{json,ts} and records/*.schema.ts; generator: scripts/gen-schema-types.mjs (\`npm run gen:types\`).
 * A test fails when this file is stale.
 */
`;

const options = {
  bannerComment: '',
  additionalProperties: false,
  unknownAny: true,
  // Bounded arrays stay plain arrays (T[]), not tuples; ajv enforces the bounds at run time.
  ignoreMinAndMaxItems: true,
  format: true,
  style: { singleQuote: true, printWidth: 110, trailingComma: 'all', semi: true },
};

/** Splits compiler output into top-level declarations, each with its leading JSDoc comment. */
function declarations(source) {
  const chunks = [];
  let current = [];
  const lines = source.split('\n');
  lines.forEach((line, i) => {
    const startsComment = line.startsWith('/**');
    const startsExport = line.startsWith('export ') && lines[i - 1] !== ' */';
    if ((startsComment || startsExport) && current.some((l) => l.trim() !== '')) {
      chunks.push(current.join('\n').trim());
      current = [];
    }
    current.push(line);
  });
  if (current.some((l) => l.trim() !== '')) chunks.push(current.join('\n').trim());
  return chunks.map((text) => {
    const name = /^export (?:interface|type) (\w+)/m.exec(text)?.[1];
    if (!name) throw new Error(`gen-schema-types: cannot name declaration:\n${text}`);
    return { name, text };
  });
}

const SCHEMA_FILE = /\.schema\.(json|ts)$/;

async function schemaFiles(dir) {
  return (await readdir(dir)).filter((f) => SCHEMA_FILE.test(f)).sort();
}

async function loadSchema(dir, file) {
  const path = join(dir, file);
  if (file.endsWith('.json')) return JSON.parse(await readFile(path, 'utf8'));
  const mod = await tsImport(pathToFileURL(path).href, import.meta.url);
  return mod.default;
}

export async function generate() {
  const seen = new Map();
  const out = [];
  /** Adds every declaration of one schema; returns its root type's name. */
  const add = async (dir, file) => {
    const schema = await loadSchema(dir, file);
    if (!schema?.title) throw new Error(`gen-schema-types: ${file} needs a root "title" (it names the type)`);
    // A copy: the compiler annotates the schema it is given, and .schema.ts modules share parts.
    const ts = await compile(structuredClone(schema), schema.title, { ...options, cwd: dir });
    for (const decl of declarations(ts)) {
      const previous = seen.get(decl.name);
      if (previous === undefined) {
        seen.set(decl.name, decl.text);
        out.push(decl.text);
      } else if (previous !== decl.text) {
        // Two schemas define the same titled type differently: they have drifted apart.
        throw new Error(`gen-schema-types: type ${decl.name} differs between schemas (last seen in ${file})`);
      }
    }
    return [file.replace(SCHEMA_FILE, ''), schema.title];
  };
  const outputs = [];
  for (const file of await schemaFiles(schemaDir)) outputs.push(await add(schemaDir, file));
  const records = [];
  for (const file of await schemaFiles(recordDir)) records.push(await add(recordDir, file));
  const map = (pairs) => pairs.map(([name, title]) => `  '${name}': ${title};`).join('\n');
  out.push(
    `/** Output type of each workflow schema, keyed by its file name without \`.schema.json\`/\`.schema.ts\`. */\nexport interface SchemaOutputs {\n${map(outputs)}\n}`,
    `/** Type of each record of the project store, keyed by its schema's file name in src/main/schemas/records. */\nexport interface RecordTypes {\n${map(records)}\n}`,
  );
  // A record field typed by a hand-written type names it as `tsType: "import('./module').Name"`: written here
  // as an import type of that module and the bare name.
  const imports = new Map();
  const body = out.join('\n\n').replace(/import\('([^']+)'\)\.(\w+)/g, (_all, from, name) => {
    if (!imports.has(from)) imports.set(from, new Set());
    imports.get(from).add(name);
    return name;
  });
  const importLines = [...imports]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([from, names]) => `import type { ${[...names].sort().join(', ')} } from '${from}';`);
  // Formatted with the repo's Prettier config, so \`npm run format\` leaves the file as generated.
  const config = (await prettier.resolveConfig(outFile)) ?? {};
  const head = HEADER + (importLines.length ? importLines.join('\n') + '\n' : '');
  return prettier.format(head + '\n' + body + '\n', { ...config, filepath: outFile });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = await generate();
  if (process.argv.includes('--stdout')) process.stdout.write(text);
  else {
    await writeFile(outFile, text);
    process.stdout.write(`wrote ${outFile}\n`);
  }
}
