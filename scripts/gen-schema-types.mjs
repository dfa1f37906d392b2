#!/usr/bin/env node
// `npm run gen:types`: writes src/shared/schema-types.ts from src/main/schemas/*.schema.json, so the TypeScript
// types of every structured output come from the same files the CLI gets (no hand-copied duplicates).
//   node scripts/gen-schema-types.mjs           write the file
//   node scripts/gen-schema-types.mjs --stdout  print what would be written (the staleness test compares it)
import { compile } from 'json-schema-to-typescript';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const schemaDir = join(root, 'src', 'main', 'schemas');
const outFile = join(root, 'src', 'shared', 'schema-types.ts');

const HEADER = `/**
 * GENERATED FILE - do not edit by hand.
 * Source: src/main/schemas/*.schema.json; generator: scripts/gen-schema-types.mjs (\`npm run gen:types\`).
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

export async function generate() {
  const files = (await readdir(schemaDir)).filter((f) => f.endsWith('.schema.json')).sort();
  const seen = new Map();
  const out = [];
  const roots = [];
  for (const file of files) {
    const schema = JSON.parse(await readFile(join(schemaDir, file), 'utf8'));
    if (!schema.title) throw new Error(`gen-schema-types: ${file} needs a root "title" (it names the type)`);
    roots.push([file.replace(/\.schema\.json$/, ''), schema.title]);
    const ts = await compile(schema, schema.title, { ...options, cwd: schemaDir });
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
  }
  const map = roots.map(([name, title]) => `  '${name}': ${title};`).join('\n');
  out.push(
    `/** Output type of each schema file, keyed by its name without \`.schema.json\`. */\nexport interface SchemaOutputs {\n${map}\n}`,
  );
  // Formatted with the repo's Prettier config, so `npm run format` leaves the file as generated.
  const config = (await prettier.resolveConfig(outFile)) ?? {};
  return prettier.format(HEADER + '\n' + out.join('\n\n') + '\n', { ...config, filepath: outFile });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = await generate();
  if (process.argv.includes('--stdout')) process.stdout.write(text);
  else {
    await writeFile(outFile, text);
    process.stdout.write(`wrote ${outFile}\n`);
  }
}
