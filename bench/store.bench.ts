// Saving one story (StoriesRepo.update: read-modify-write of one file, atomic: temp file, fsync, rename, fsync
// of the folder) with 10 vs 10,000 stories in the store. Goal: within 1.5× — one file per record means the
// store's size should not matter. Both stores are measured in the same run, rounds interleaved.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Story } from '../src/shared/stories';
import { StoriesRepo } from '../src/main/store/storiesRepo';
import type { BenchModule } from './types';

const ROUNDS = 15;
const SAVES_PER_ROUND = 20;

function makeStory(i: number): Story {
  const at = new Date(Date.UTC(2030, 0, 1) + i).toISOString();
  return {
    id: `story-${i}`,
    title: `Story ${i}: export reports`,
    description: 'As a team lead, I want to export reports so that I can share them with the team.',
    acceptanceCriteria: ['CSV and PDF', 'Keeps the active filters', `Named "report-${i}.csv"`],
    status: 'pending',
    createdAt: at,
    updatedAt: at,
  };
}

async function seed(storeDir: string, count: number): Promise<StoriesRepo> {
  await mkdir(join(storeDir, 'stories'), { recursive: true });
  for (let i = 0; i < count; i += 200) {
    const batch = Array.from({ length: Math.min(200, count - i) }, (_, k) => makeStory(i + k));
    await Promise.all(
      batch.map((s) =>
        writeFile(join(storeDir, 'stories', `${s.id}.json`), JSON.stringify(s, null, 2) + '\n'),
      ),
    );
  }
  const repo = new StoriesRepo(storeDir);
  await repo.list(); // loaded once, as when the project opens
  return repo;
}

/** Milliseconds per save over one round of sequential saves of random stories. */
async function round(repo: StoriesRepo, count: number, n: number): Promise<number> {
  const t0 = performance.now();
  for (let k = 0; k < SAVES_PER_ROUND; k++) {
    const id = `story-${(n * 7919 + k * 104729) % count}`;
    await repo.update(id, { title: `Edited ${n}.${k}` });
  }
  return (performance.now() - t0) / SAVES_PER_ROUND;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export default {
  title: 'Project store: saving one story with 10 vs 10,000 stories',
  async run() {
    const root = await mkdtemp(join(tmpdir(), 'puffin-store-bench-'));
    try {
      const small = await seed(join(root, 'small'), 10);
      const large = await seed(join(root, 'large'), 10_000);
      await round(small, 10, 0); // warm-up
      await round(large, 10_000, 0);
      const s: number[] = [];
      const l: number[] = [];
      for (let n = 1; n <= ROUNDS; n++) {
        s.push(await round(small, 10, n));
        l.push(await round(large, 10_000, n));
      }
      const ms = median(s);
      const ml = median(l);
      return [
        `| stories in store | median ms per save | (${ROUNDS} rounds × ${SAVES_PER_ROUND} saves) |`,
        '| ---: | ---: | --- |',
        `| 10 | ${ms.toFixed(3)} | |`,
        `| 10,000 | ${ml.toFixed(3)} | |`,
        '',
        `Ratio 10,000 / 10: **${(ml / ms).toFixed(2)}×** (goal ≤ 1.5×).`,
      ].join('\n');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  },
} satisfies BenchModule;
