// `npm run bench`: runs every bench module and rewrites docs/benchmarks.md with their sections.
// Usage: npm run bench [-- name-filter]
import { readdir, writeFile, readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import os from 'node:os';
import type { BenchModule } from './types';

const here = dirname(fileURLToPath(import.meta.url));
const docPath = join(here, '..', 'docs', 'benchmarks.md');
const filter = process.argv[2];

const files = (await readdir(here)).filter((f) => f.endsWith('.bench.ts')).sort();
const previous = await readFile(docPath, 'utf8').catch(() => '');
const sections = new Map<string, string>();
// Keep sections of benches that were filtered out this run.
for (const m of previous.matchAll(/<!-- bench:(\S+) -->\n([\s\S]*?)<!-- \/bench -->/g))
  sections.set(m[1]!, m[2]!);

for (const file of files) {
  const key = file.replace(/\.bench\.ts$/, '');
  if (filter && !key.includes(filter)) continue;
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { default: BenchModule };
  process.stdout.write(`bench ${key}: ${mod.default.title}\n`);
  const body = await mod.default.run();
  process.stdout.write(body + '\n');
  sections.set(key, `## ${mod.default.title}\n\n${body.trim()}\n`);
}

const header = `# Benchmarks\n\nWritten by \`npm run bench\`; every figure is a ratio against a baseline measured in the same run.\nLast run: ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}.\n\n`;
const block = (k: string) => `<!-- bench:${k} -->\n${sections.get(k)!}<!-- /bench -->`;
// Sections rewritten where they stand, new ones appended: what was written by hand between them stays.
const placed = new Set<string>();
let body = previous.replace(/^# Benchmarks\n[\s\S]*?\n\n(?=<!-- bench:|## )/, '');
body = body.replace(/<!-- bench:(\S+) -->\n[\s\S]*?<!-- \/bench -->/g, (_, k: string) => {
  placed.add(k);
  return block(k);
});
const added = [...sections.keys()].filter((k) => !placed.has(k)).map(block);
await writeFile(docPath, header + [body.trimEnd(), ...added].filter(Boolean).join('\n\n') + '\n');
process.stdout.write(`wrote ${docPath}\n`);
