// The engine seam: the pipeline (src/main/llm/) knows engines only through the Provider interface. No file of it,
// tests included, reaches into one engine's folder (src/main/engines/<name>/) or the registry that builds them, by
// any import (type-only and lazy ones too); its product files take nothing but types from src/main/engines/.
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modulesNamed, type Use } from './modulesNamed';
import { listFiles, repoRoot } from './sourceFiles';

/** What a file of src/main/llm/ may not name in src/main/engines/; null when the use is allowed. */
export function seamBreach(file: string, use: Use): string | null {
  const target = posix.join(posix.dirname(file), use.specifier);
  if (!target.startsWith('src/main/engines/')) return null;
  const rest = target.slice('src/main/engines/'.length);
  if (rest.includes('/')) return `${file} → ${target}: one engine's folder`;
  if (/^registry(\.ts)?$/.test(rest)) return `${file} → ${target}: the registry of engines`;
  if (!use.typeOnly && !/\.test\.ts$/.test(file)) return `${file} → ${target}: a value, not a type`;
  return null;
}

describe('the engine seam', () => {
  it('src/main/llm/ names no engine: no import of engines/<name>/ or the registry, only types from engines/', () => {
    const files = listFiles('src/main/llm', /\.tsx?$/);
    expect(files.length).toBeGreaterThan(50);
    const breaches = files.flatMap((file) =>
      modulesNamed(file, readFileSync(join(repoRoot, file), 'utf8'))
        .map((use) => seamBreach(file, use))
        .filter((b): b is string => b !== null),
    );
    expect(breaches).toEqual([]);
  });

  it('sees every way of naming a module, and tells what is allowed from what is not', () => {
    const text = [
      "import type { A } from '../engines/provider';",
      "import { type B } from '../engines/claude-cli/stream';",
      "export { c } from '../engines/registry';",
      "const d = () => import('../engines/openai/client');",
      "type E = import('../engines/gemini/traits').X;",
      "import { f } from '../engines/notBuilt';",
      "import { g } from './gate';",
    ].join('\n');
    const file = 'src/main/llm/x.ts';
    const found = modulesNamed(file, text).map((u) => seamBreach(file, u));
    expect(found).toEqual([
      null,
      `${file} → src/main/engines/claude-cli/stream: one engine's folder`,
      `${file} → src/main/engines/registry: the registry of engines`,
      `${file} → src/main/engines/openai/client: one engine's folder`,
      `${file} → src/main/engines/gemini/traits: one engine's folder`,
      `${file} → src/main/engines/notBuilt: a value, not a type`,
      null,
    ]);
  });
});
