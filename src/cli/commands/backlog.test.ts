// The headless stories journey through the CLI face with the fake CLI (test/support/fakeClaude.mjs): derive
// answers as soon as the stories are stored (the title call hangs and is cancelled), accept makes them backlog
// stories with ids, list filters the backlog, and --verbose puts the activity on stderr.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeClaudeEnv, fakeClaudePath } from '../../../test/support/fakeCli';
import type { Story } from '../../shared/stories';
import { runPuffin } from '../../../test/support/cli/inProcessCli';

const drafts = [
  {
    title: 'Export as CSV',
    description: 'As a user, I want CSV export.',
    acceptanceCriteria: ['A .csv downloads'],
  },
  {
    title: 'Export as PDF',
    description: 'As a user, I want PDF export.',
    acceptanceCriteria: ['A .pdf downloads'],
  },
  {
    title: 'Email the export',
    description: 'As a user, I want it mailed.',
    acceptanceCriteria: ['Mail arrives'],
  },
];

interface Accepted {
  added: Story[];
  alreadyInBacklog: Story[];
}

let project: string;
let userData: string;
const env = () => ({
  PATH: process.env.PATH ?? '',
  PUFFIN_USER_DATA: userData,
  PUFFIN_CLAUDE_PATH: fakeClaudePath(),
  ...fakeClaudeEnv({ scenario: 'happy', output: { stories: drafts } }),
  FAKE_CLAUDE_TITLE_SCENARIO: 'hang', // a title that never comes must not hold the answer
});
const puffin = (argv: string[], stdin?: string) =>
  runPuffin(argv, { env: env(), cwd: project, ...(stdin ? { stdin } : {}) });

beforeEach(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'puffin-cli-backlog-'));
  userData = await mkdtemp(path.join(os.tmpdir(), 'puffin-cli-backlog-user-'));
});
afterEach(async () => {
  await rm(project, { recursive: true, force: true });
  await rm(userData, { recursive: true, force: true });
});

describe('headless stories journey', () => {
  it('derive answers without its title, accept adds the drafts with ids, list filters the backlog', async () => {
    const derived = await puffin(['stories', 'derive', '--project', '.'], 'Let users export their data');
    expect(derived.code).toBe(0);
    expect(derived.out.data).toEqual(drafts);
    const meta = derived.out.meta as Record<string, unknown>;
    expect(meta).toMatchObject({ title: 'Let users export their data', titleFallback: true });
    const generationId = meta.generationId as string;

    const accepted = await puffin(['stories', 'accept', '--project', project, '--only', '1,3']);
    expect(accepted.code).toBe(0);
    const stories = (accepted.out.data as Accepted).added;
    expect((accepted.out.data as Accepted).alreadyInBacklog).toEqual([]);
    expect(stories.map((s) => [s.title, s.status, s.generationId])).toEqual([
      ['Export as CSV', 'pending', generationId],
      ['Email the export', 'pending', generationId],
    ]);
    expect(stories.every((s) => typeof s.id === 'string' && s.id.length > 0)).toBe(true);

    // The same generation again: nothing is added, and data says which of the asked drafts are there already.
    const again = await puffin(['stories', 'accept', '--project', project]);
    expect(again.code).toBe(0);
    const { added, alreadyInBacklog } = again.out.data as Accepted;
    expect(added.map((s) => s.title)).toEqual(['Export as PDF']);
    expect(alreadyInBacklog.map((s) => s.id)).toEqual(stories.map((s) => s.id));
    const third = await puffin(['stories', 'accept', '--project', project]);
    expect((third.out.data as Accepted).added).toEqual([]);
    expect((third.out.data as Accepted).alreadyInBacklog).toHaveLength(3);

    const all = await puffin(['stories', 'list', '--project', project]);
    expect((all.out.data as Story[]).map((s) => s.title)).toEqual([
      'Export as CSV',
      'Email the export',
      'Export as PDF',
    ]);
    const found = await puffin(['stories', 'list', '--project', project, '--query', 'MAIL arrives']);
    expect((found.out.data as Story[]).map((s) => s.title)).toEqual(['Email the export']);
    expect(found.out.meta).toEqual({ total: 3, shown: 1 });
    const page = await puffin(['stories', 'list', '--project', project, '--limit', '1', '--offset', '1']);
    expect((page.out.data as Story[]).map((s) => s.title)).toEqual(['Email the export']);
    expect(page.out.meta).toEqual({ total: 3, shown: 1, matching: 3, offset: 1 });
    const done = await puffin(['stories', 'list', '--project', project, '--status', 'done']);
    expect(done.out.data).toEqual([]);

    const sprint = await puffin([
      'sprint',
      'create',
      '--project',
      project,
      '--stories',
      stories[0]!.id,
      '--title',
      'S1',
    ]);
    expect(sprint.code).toBe(0);
    expect(sprint.out.data).toMatchObject({ storyIds: [stories[0]!.id], title: 'S1' });
  });

  it('refuses positions outside the generation, an unknown status, and accepting with nothing derived', async () => {
    const nothing = await puffin(['stories', 'accept', '--project', project]);
    expect(nothing.code).toBe(1);
    expect(nothing.out.error).toMatchObject({
      code: 'not_found',
      message: expect.stringContaining('stories derive'),
    });

    await puffin(['stories', 'derive', '--project', project], 'Let users export their data');
    const outside = await puffin(['stories', 'accept', '--project', project, '--only', '2,4']);
    expect(outside.out.error).toMatchObject({
      code: 'invalid_arguments',
      message: expect.stringContaining('--only 4'),
    });
    const status = await puffin(['stories', 'list', '--project', project, '--status', 'later']);
    expect(status.out.error).toMatchObject({ code: 'invalid_arguments' });
    const backlog = await puffin(['stories', 'list', '--project', project]);
    expect(backlog.out.data).toEqual([]);
  });

  it('regenerate rewrites one story of the latest round, the others as stored, and keeps the revision', async () => {
    await puffin(['stories', 'derive', '--project', project], 'Let users export their data');
    const outside = await puffin(['stories', 'regenerate', '--project', project, '--story', '4']);
    expect(outside.out.error).toMatchObject({
      code: 'invalid_arguments',
      message: expect.stringContaining('--story 4'),
    });
    // The fake answers with all three drafts again: the first is taken as the new story 2.
    const regen = await puffin(['stories', 'regenerate', '--project', project, '--story', '2']);
    expect(regen.code).toBe(0);
    expect(regen.out.data).toEqual([drafts[0], drafts[0], drafts[2]]);
    expect(regen.out.warnings).toContain('The model returned 2 extra stories; only the first was kept.');
    const accepted = await puffin(['stories', 'accept', '--project', project, '--only', '2']);
    expect((accepted.out.data as Accepted).added.map((s) => s.generationId)).toEqual([
      (regen.out.meta as { generationId: string }).generationId,
    ]);
  });

  it('a failed derive prints its details: the stored error, the CLI’s stderr tail, the generation', async () => {
    const failing = { ...env(), ...fakeClaudeEnv({ scenario: 'exit-without-output' }) };
    const r = await runPuffin(['stories', 'derive', '--project', '.'], {
      env: failing,
      cwd: project,
      stdin: 'Let users export their data',
    });
    expect(r.code).toBe(1);
    expect(r.out.error).toMatchObject({
      code: 'crashed',
      status: 'failed',
      generationId: expect.any(String),
      details: { exitCode: 1, stderrTail: 'Error: fake claude failed before printing anything' },
    });
  });

  it('--verbose writes the activity to stderr, stdout keeps its one object', async () => {
    const quiet = await puffin(['stories', 'derive', '--project', project], 'Let users export their data');
    expect(quiet.stderr).not.toContain('puffin progress');
    const verbose = await puffin(['stories', 'derive', '--project', project, '--verbose'], 'Export my data');
    expect(verbose.code).toBe(0);
    expect(verbose.stderr).toContain('puffin progress [generation:progress]');
    // What the running call does, one line per change: the fake CLI's one turn, and its end.
    expect(verbose.stderr).toMatch(/puffin activity \[Export my data\]: finished · turn 1 · .* s\n/);
    expect(verbose.stderr).toMatch(/puffin info \[/);
  });
});
