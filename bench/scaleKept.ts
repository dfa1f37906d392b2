// `SCALE_ROWS=stories,history npm run bench -- scale` reruns only those parts of the scale bench: the others keep the
// figures docs/benchmarks.md holds, so one part can be measured again without the half hour the whole bench takes.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const doc = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));

const KEPT = '_Kept from an earlier run (not measured again this time)._';

/** The parts asked for (lower-case titles), or null for all of them. */
export function scaleParts(env = process.env.SCALE_ROWS): Set<string> | null {
  const parts = env
    ?.split(',')
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  return parts && parts.length > 0 ? new Set(parts) : null;
}

/** The lines under `### <title>` in the scale section of docs/benchmarks.md as last written (empty when absent). */
export async function keptPart(title: string): Promise<string[]> {
  const text = await readFile(doc, 'utf8').catch(() => '');
  const section = /<!-- bench:scale -->\n([\s\S]*?)<!-- \/bench -->/.exec(text)?.[1] ?? '';
  const lines = section.split('\n');
  const start = lines.indexOf(`### ${title}`);
  if (start < 0) return [`(not measured: run without SCALE_ROWS to measure ${title.toLowerCase()})`];
  const end = lines.findIndex((l, i) => i > start && l.startsWith('### '));
  const body = lines.slice(start + 1, end < 0 ? undefined : end);
  while (body.length > 0 && body[0] === '') body.shift();
  while (body.length > 0 && body.at(-1) === '') body.pop();
  return body[0] === KEPT ? body : [KEPT, '', ...body];
}
