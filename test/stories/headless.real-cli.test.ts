// `node bin/puffin.cjs stories derive|modify` and `puffin title` end to end: real CLI, mock Messages API,
// results stored in the project exactly as the app stores them.
import { writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Generation } from '../../src/shared/stories';
import { structured } from '../support/mockTurns';
import type { MockTurn } from '../support/mockTypes';
import { PUFFIN_BIN, runPuffin } from '../support/puffinBin';
import { realCliWorld, useRealCliTimeouts } from '../support/realCliTest';
import { anyRunMeta } from '../support/runMeta';
import { respond, TITLE } from './journeyHarness';

const story = (n: number) => ({
  title: `Story ${n}`,
  description: `As a cook, I want feature ${n} so that I save time`,
  acceptanceCriteria: [`criterion ${n}`],
});

useRealCliTimeouts();

async function setup(script: MockTurn[]) {
  const world = await realCliWorld({ script, respond });
  const puffin = (args: string[], input: string) => runPuffin(args, { input, env: world.env, world });
  return { mock: world.mock, project: world.project, root: world.dir, puffin };
}

// Each step starts `node bin/puffin.cjs` afresh (tsx, then the real CLI): seconds apiece on a busy machine.
describe('headless stories commands (real CLI)', { timeout: 180_000 }, () => {
  it('stories derive then stories modify --lock: one-object JSON on stdout, generations stored in the project', async () => {
    const { project, root, puffin } = await setup([
      structured({ stories: [story(1), story(2)] }),
      structured({ stories: [{ ...story(1), title: 'Changed by the model' }, story(2), story(3)] }),
    ]);
    const derived = await puffin(['stories', 'derive', '--project', project], 'Let cooks share recipes');
    expect(derived.exitCode).toBe(0);
    const out = JSON.parse(String(derived.stdout)) as {
      data: unknown[];
      source: string;
      warnings: string[];
      meta: Record<string, unknown>;
    };
    expect(out.data).toEqual([story(1), story(2)]);
    expect(out.source).toBe('structured_output');
    // It answers as soon as the stories are stored: the title call is cancelled when the command exits, so the
    // title is the local one (it used to wait up to 45 s for the generated title).
    const fallback = { title: 'Let cooks share recipes', titleFallback: true };
    expect(out.meta).toMatchObject({ cliVersion: '2.1.330', generationId: expect.any(String), ...fallback });
    const id = out.meta.generationId as string;
    const stored = JSON.parse(
      await readFile(join(project, '.puffin', 'local', 'history', `${id}.json`), 'utf8'),
    ) as Generation;
    expect(stored).toMatchObject({ kind: 'derive', status: 'succeeded', title: fallback.title });
    expect((await readdir(join(project, '.puffin', 'local', 'history'))).sort()).toEqual([
      `${id}.json`,
      `${id}.raw.jsonl`,
    ]);

    const feedbackFile = join(root, 'feedback.txt');
    writeFileSync(feedbackFile, 'Add a story about printing.');
    const modified = await puffin(
      ['stories', 'modify', '--project', project, '--feedback-file', feedbackFile, '--lock', '1'],
      '',
    );
    expect(modified.exitCode).toBe(0);
    const mod = JSON.parse(String(modified.stdout)) as { data: unknown[]; meta: { generationId: string } };
    expect(mod.data).toEqual([story(1), story(2), story(3)]); // the locked story 1 is the original
    const round = JSON.parse(
      await readFile(join(project, '.puffin', 'local', 'history', `${mod.meta.generationId}.json`), 'utf8'),
    ) as Generation;
    expect(round).toMatchObject({ kind: 'modify', parentId: id, feedback: 'Add a story about printing.' });
    expect(round.stories!.map((s) => s.locked)).toEqual([true, false, false]);
  });

  it('failures print the one-object error and exit 1; bad arguments too', async () => {
    const { project, puffin } = await setup([]);
    const noFeedback = await puffin(['stories', 'modify', '--project', project], '');
    expect(noFeedback.exitCode).toBe(1);
    expect(JSON.parse(String(noFeedback.stdout))).toMatchObject({ error: { code: 'invalid_arguments' } });
    const nothingToModify = await puffin(
      ['stories', 'modify', '--project', project, '--feedback-file', PUFFIN_BIN],
      '',
    );
    expect(JSON.parse(String(nothingToModify.stdout))).toMatchObject({ error: { code: 'not_found' } });
    const missing = await puffin(['stories', 'derive', '--project', join(project, 'nope')], 'x');
    expect(missing.exitCode).toBe(1);
    expect(JSON.parse(String(missing.stdout))).toMatchObject({ error: { code: 'not_found' } });
  });

  it('puffin title: the generated title from the title workflow', async () => {
    const { puffin } = await setup([]);
    const ok = await puffin(['title'], 'Let cooks share recipes by link');
    expect(ok.exitCode).toBe(0);
    expect(JSON.parse(String(ok.stdout))).toEqual({
      data: { title: TITLE, fallback: false },
      source: 'structured_output',
      warnings: [],
      meta: anyRunMeta('2.1.330'),
    });
  });
});
