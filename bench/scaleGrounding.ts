// Grounded calls on repositories of 500 to 50,000 files, through the public grounding entry point
// (createGroundingProvider: the repo map and the policy a grounded workflow call gets). The first call of a
// process builds the map; the second is what every later call costs: made by a new provider, as a new headless
// process would make it (only a cache outside the process helps it), and by the same one (the app, the host).
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createGroundingProvider } from '../src/main/llm/grounding/callGrounding';
import { ownCpuMs } from './childCpu';

const quiet = { debug() {}, info() {}, warn() {}, error() {} } as unknown as Parameters<
  typeof createGroundingProvider
>[0]['logger'];

function source(i: number): string {
  return (
    `import { readFile } from 'node:fs/promises';\n\nexport interface Item${i} { id: string; n: number }\n\n` +
    `export class Service${i} {\n  async load(p: string): Promise<string> { return readFile(p, 'utf8'); }\n}\n\n` +
    `export function util${i}(x: number): number {\n  return x * ${i};\n}\n`
  );
}

/** A repository of `files` files: 20 per folder, TypeScript mostly, a package.json at the top. */
export async function makeRepo(rootDir: string, files: number): Promise<string> {
  const dir = await mkdtemp(path.join(rootDir, `repo-${files}-`));
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'scale-bench', version: '1.0.0' }));
  for (let start = 0; start < files - 1; start += 20) {
    const folder = path.join(dir, 'src', `area${Math.floor(start / 2000)}`, `group${Math.floor(start / 20)}`);
    await mkdir(folder, { recursive: true });
    const batch = Array.from({ length: Math.min(20, files - 1 - start) }, (_, k) => start + k);
    await Promise.all(
      batch.map((i) =>
        i % 10 === 7
          ? writeFile(path.join(folder, `style${i}.css`), `.card-${i} { color: red; }\n`.repeat(5))
          : writeFile(path.join(folder, `file${i}.ts`), source(i)),
      ),
    );
  }
  return dir;
}

export interface GroundingTimes {
  /** CPU of this process (ms) for the first call, the second by a new provider, the second by the same one. */
  first: number;
  secondNew: number;
  secondSame: number;
  /** Characters of the map's prompt section. */
  section: number;
}

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const before = ownCpuMs();
  const value = await fn();
  return [ownCpuMs() - before, value];
}

export async function groundingTimes(repo: string): Promise<GroundingTimes> {
  const a = createGroundingProvider({ logger: quiet });
  const [first, call] = await timed(() => a(repo, {}));
  const [secondNew] = await timed(() => createGroundingProvider({ logger: quiet })(repo, {}));
  const [secondSame] = await timed(() => a(repo, {}));
  return { first, secondNew, secondSame, section: call.promptSection.length };
}
