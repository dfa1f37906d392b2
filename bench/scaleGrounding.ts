// Grounded calls on generated repositories of 500 to 50,000 files, shared by the scale bench and the grounding
// bench so that both time the same thing: a committed git repository (what a user's project is, and what the repo
// map's cache follows), and the call as a user waits for it. A new headless process is a real `puffin prompt
// --project DIR`, timed in CPU of every process it starts (git's included); a warm process (the app, the host) is
// the grounding provider called in this one, timed in CPU of this process and of the git processes it waited for.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGroundingProvider } from '../src/main/llm/grounding/callGrounding';
import { fakeClaudePath } from '../test/support/fakeCli';
import { ownCpuMs, timedRun } from './childCpu';

const bin = path.join(fileURLToPath(new URL('..', import.meta.url)), 'bin', 'puffin.cjs');

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

/** A git repository of `files` files, committed: 20 per folder, TypeScript mostly, a package.json at the top. */
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
  const git = (...args: string[]) =>
    execFileSync(
      'git',
      // No background gc: it would still be writing into .git when the bench removes the repository.
      ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', '-c', 'gc.auto=0', ...args],
      { cwd: dir, stdio: 'ignore' },
    );
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'generated');
  return dir;
}

/**
 * `puffin prompt --project DIR` in a new process, as a headless user runs it: its CPU and that of every process it
 * starts (git, and the stand-in CLI, test/support/fakeClaude.mjs, which costs the same on every side).
 */
export function headlessCall(tmp: string): (dir: string) => () => Promise<number> {
  const env = {
    ...process.env,
    PUFFIN_USER_DATA: path.join(tmp, 'grounding-user-data'),
    PUFFIN_CLAUDE_PATH: fakeClaudePath(),
    FAKE_CLAUDE_SCENARIO: 'happy',
    FAKE_CLAUDE_OUTPUT: JSON.stringify({ text: 'ok' }),
  };
  const prompt = path.join(tmp, 'grounding-prompt.txt');
  writeFileSync(prompt, 'Name one file of this project.\n');
  return (dir) => async () => {
    const r = await timedRun({
      command: process.execPath,
      args: [bin, 'prompt', '--project', dir],
      env,
      stdin: prompt,
    });
    if (r.exitCode !== 0) throw new Error(`puffin prompt --project failed (exit ${r.exitCode})`);
    return r.cpuMs;
  };
}

/** CPU of the children this process waited for (git), in ms: /proc's cutime and cstime, in ticks of 10 ms. */
function childrenCpuMs(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

/**
 * The grounding provider called `runs` times in this process, as the app or the host calls it (the map built in
 * their worker costs the same CPU): the mean CPU of one call, git's included (a mean, as children's CPU comes in
 * ticks of 10 ms), git's part of it, and the characters of the last call's prompt section.
 */
export async function warmCalls(
  dir: string,
  runs: number,
): Promise<{ cpuMs: number; gitMs: number; section: number }> {
  const provide = createGroundingProvider({ logger: quiet });
  let section = 0;
  const own = ownCpuMs();
  const children = childrenCpuMs();
  for (let i = 0; i < runs; i++) section = (await provide(dir, {})).promptSection.length;
  const gitMs = (childrenCpuMs() - children) / runs;
  return { cpuMs: (ownCpuMs() - own) / runs + gitMs, gitMs, section };
}
