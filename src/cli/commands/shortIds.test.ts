// Every --story, --sprint and --stories option takes a full id or a short id (PUF-xxxx); the lists print each
// record's short id. `stories regenerate --story` takes a backlog story's id as well as a 1-based position.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeClaudeEnv, fakeClaudePath } from '../../../test/support/fakeCli';
import type { Sprint, SprintDetail } from '../../shared/plans';
import type { Story } from '../../shared/stories';
import { resolveRef } from '../refs';
import type { CliFailure } from '../spec';
import { runPuffin } from '../../../test/support/cli/inProcessCli';

const drafts = ['CSV', 'PDF', 'Mail'].map((f) => ({
  title: `Export as ${f}`,
  description: `As a user, I want ${f}.`,
  acceptanceCriteria: [`${f} works`],
}));

type Listed = Story & { shortId: string };

let project: string;
let userData: string;
const puffin = (argv: string[], stdin?: string) =>
  runPuffin(argv, {
    env: {
      PATH: process.env.PATH ?? '',
      PUFFIN_USER_DATA: userData,
      PUFFIN_CLAUDE_PATH: fakeClaudePath(),
      ...fakeClaudeEnv({ scenario: 'happy', output: { stories: drafts } }),
      FAKE_CLAUDE_TITLE_SCENARIO: 'hang',
    },
    cwd: project,
    ...(stdin ? { stdin } : {}),
  });

beforeEach(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'puffin-cli-short-'));
  userData = await mkdtemp(path.join(os.tmpdir(), 'puffin-cli-short-user-'));
});
afterEach(async () => {
  await rm(project, { recursive: true, force: true });
  await rm(userData, { recursive: true, force: true });
});

async function backlog(): Promise<Listed[]> {
  await puffin(['stories', 'derive', '--project', project], 'Let users export their data');
  await puffin(['stories', 'accept', '--project', project]);
  return (await puffin(['stories', 'list', '--project', project])).out.data as Listed[];
}

describe('short ids on the command line', () => {
  it('lists print short ids, and --stories and --sprint take them as they take full ids', async () => {
    const stories = await backlog();
    for (const s of stories) expect(s.shortId).toMatch(/^PUF-[0-9a-f]{4,}$/);
    const at = ['--project', project];
    const created = await puffin([
      'sprint',
      'create',
      ...at,
      '--stories',
      `${stories[0]!.shortId},${stories[2]!.id}`,
      '--title',
      'S',
    ]);
    expect(created.code).toBe(0);
    expect((created.out.data as Sprint).storyIds).toEqual([stories[0]!.id, stories[2]!.id]);
    const [listed] = (await puffin(['sprint', 'list', ...at])).out.data as (Sprint & { shortId: string })[];
    expect(listed!.shortId).toMatch(/^PUF-/);
    const shown = await puffin(['sprint', 'show', ...at, '--sprint', listed!.shortId.toLowerCase()]);
    expect((shown.out.data as SprintDetail).sprint.id).toBe(listed!.id);
    const budget = await puffin(['sprint', 'budget', ...at, '--sprint', listed!.shortId, '--usd', '3']);
    expect(budget.out.data).toMatchObject({ id: listed!.id, budgetUsd: 3 });
    const none = await puffin(['sprint', 'show', ...at, '--sprint', 'PUF-zzzz']);
    expect(none.out.error).toMatchObject({
      code: 'not_found',
      message: expect.stringContaining('puffin sprint list --project DIR'),
    });
  });

  it('stories regenerate --story takes a backlog story’s short id, or a 1-based position', async () => {
    const stories = await backlog();
    const pdf = stories.find((s) => s.title === 'Export as PDF')!;
    // The fake answers with all three drafts again: the first is taken as the new story.
    const byId = await puffin(['stories', 'regenerate', '--project', project, '--story', pdf.shortId]);
    expect(byId.code).toBe(0);
    expect(byId.out.data).toEqual([drafts[0], drafts[0], drafts[2]]);
    // A position is in the latest round: the one just made, whose story 2 is a CSV story now.
    const byPosition = await puffin(['stories', 'regenerate', '--project', project, '--story', '3']);
    expect(byPosition.out.data).toEqual([drafts[0], drafts[0], drafts[0]]);
    const unknown = await puffin(['stories', 'regenerate', '--project', project, '--story', 'no-such-story']);
    expect(unknown.out.error).toMatchObject({
      code: 'not_found',
      message: expect.stringContaining('short id'),
    });
  });

  it('a short id that fits several is refused with the candidates, never guessed', () => {
    const records = [
      { id: 'abcd1234-0000', title: 'One' },
      { id: 'abcd9876-0000', title: 'Two' },
      { id: 'ffff0000-0000', title: 'Three' },
    ];
    expect(resolveRef('story', 'story', 'PUF-abcd9', records)).toBe('abcd9876-0000');
    expect(resolveRef('story', 'story', 'a/b', records)).toBe('a/b'); // for the contract to judge
    let failure: CliFailure | undefined;
    try {
      resolveRef('story', 'story', 'PUF-abcd', records);
    } catch (err) {
      failure = err as CliFailure;
    }
    expect(failure?.error).toMatchObject({
      code: 'ambiguous_id',
      message: expect.stringContaining('PUF-abcd1 (One), PUF-abcd9 (Two)'),
      details: {
        candidates: [
          { id: 'abcd1234-0000', shortId: 'PUF-abcd1', title: 'One' },
          { id: 'abcd9876-0000', shortId: 'PUF-abcd9', title: 'Two' },
        ],
      },
    });
  });
});
