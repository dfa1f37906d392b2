// The `verify` row of the scale bench alone (scale.bench.ts measures it among the other rows, the same way): the
// same 10 specified stories among 10 to 100,000, each project's backlog index built first by one `stories list`
// (as the whole bench does), then `puffin verify` timed in CPU, sizes interleaved, the first round a warm-up.
// Run: node --import tsx bench/scaleVerify.ts   (prints the row and its verdict line).
import { rm } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchDir } from '../test/support/scratchDir';
import { interleaved, median, timedRun } from './childCpu';
import { makeScaleProject } from './scaleProject';
import { buildIfMissing } from './seededHost';

const STORIES = [10, 200, 1_000, 10_000, 100_000] as const;
const RUNS = 5;
const bin = path.join(fileURLToPath(new URL('..', import.meta.url)), 'bin', 'puffin.cjs');

async function puffinCpu(userData: string, args: string[]): Promise<number> {
  const r = await timedRun({
    command: process.execPath,
    args: [bin, ...args],
    env: { ...process.env, PUFFIN_USER_DATA: userData },
  });
  // verify exits 1 when an assertion fails; any other command must succeed.
  if (r.exitCode !== 0 && args[0] !== 'verify')
    throw new Error(`puffin ${args.join(' ')}: exit ${r.exitCode}`);
  return r.cpuMs;
}

/** The row's cells (median CPU in ms per size) and the ratio of the largest size against 200 stories. */
export async function verifyRow(): Promise<{
  ms: Map<number, number>;
  ratio: number;
  load: [number, number];
}> {
  buildIfMissing();
  const before = loadavg()[0]!;
  const tmp = scratchDir('puffin-scale-verify-');
  const userData = scratchDir('puffin-scale-verify-user-');
  try {
    const dirs = new Map<number, string>();
    for (const n of STORIES) dirs.set(n, (await makeScaleProject(tmp, { stories: n, specified: 10 })).dir);
    for (const n of STORIES)
      await puffinCpu(userData, ['stories', 'list', '--project', dirs.get(n)!, '--limit', '50']);
    const sides = Object.fromEntries(
      STORIES.map((n) => [String(n), () => puffinCpu(userData, ['verify', '--project', dirs.get(n)!])]),
    );
    const samples = await interleaved(sides, RUNS);
    const ms = new Map(STORIES.map((n) => [n, median(samples[String(n)]!)]));
    return { ms, ratio: ms.get(100_000)! / ms.get(200)!, load: [before, loadavg()[0]!] };
  } finally {
    await rm(tmp, { recursive: true, force: true });
    await rm(userData, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { ms, ratio, load } = await verifyRow();
  const cells = STORIES.map((n) => `${ms.get(n)!.toFixed(0)} ms`).join(' | ');
  const exponent = Math.log(ms.get(100_000)! / ms.get(10)!) / Math.log(100_000 / 10);
  process.stdout.write(
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${load[0].toFixed(1)} → ${load[1].toFixed(1)}.\n` +
      `| \`verify\` (the same 10 specified stories, 1 assertion each) | ${cells} | ${exponent.toFixed(2)} |\n` +
      `- \`verify\` of the same 10 specified stories among 100,000 against among 200: **${ratio.toFixed(2)}×** ` +
      `(goal ≤ 1.5×: ${ratio <= 1.5 ? 'met' : 'NOT met'}).\n`,
  );
}
