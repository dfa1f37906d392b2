// The sprints of a project headless (fake CLI, test/support/fakeClaude.mjs): list, show, a budget set and
// removed through the contract as the sprint view sets it, and --verbose printing the plan preview on stderr.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeClaudeEnv, fakeClaudePath } from '../../../test/support/fakeCli';
import type { Sprint, SprintDetail } from '../../shared/plans';
import type { Story } from '../../shared/stories';
import { runPuffin } from '../../../test/support/cli/inProcessCli';

const drafts = [{ title: 'Export as CSV', description: 'As a user, CSV.', acceptanceCriteria: ['A .csv'] }];

let project: string;
let userData: string;
const env = (output: object) => ({
  PATH: process.env.PATH ?? '',
  PUFFIN_USER_DATA: userData,
  PUFFIN_CLAUDE_PATH: fakeClaudePath(),
  ...fakeClaudeEnv({ scenario: 'happy', output }),
  FAKE_CLAUDE_TITLE_SCENARIO: 'hang',
});
const puffin = (argv: string[], output: object = { stories: drafts }, stdin?: string) =>
  runPuffin(argv, { env: env(output), cwd: project, ...(stdin ? { stdin } : {}) });

beforeEach(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'puffin-cli-sprints-'));
  userData = await mkdtemp(path.join(os.tmpdir(), 'puffin-cli-sprints-user-'));
});
afterEach(async () => {
  await rm(project, { recursive: true, force: true });
  await rm(userData, { recursive: true, force: true });
});

/**
 * A CLI transcript streaming `output` as StructuredOutput input_json deltas, split in two: the recorded partial
 * transcript of test/fixtures/cli with its answer swapped for this one.
 */
async function streamingTranscript(output: object): Promise<string> {
  const fixture = path.join(__dirname, '../../../test/fixtures/cli/m02-2.1.197-happy-partial.jsonl');
  const lines = (await readFile(fixture, 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const text = JSON.stringify(output);
  const half = Math.floor(text.length / 2);
  const deltas = lines.filter(
    (l) => l.event?.delta?.type === 'input_json_delta' && l.event.delta.partial_json,
  );
  deltas[0].event.delta.partial_json = text.slice(0, half);
  deltas[1].event.delta.partial_json = text.slice(half);
  for (const l of lines) {
    if (l.type === 'assistant') l.message.content[0].input = output;
    if (l.type === 'result') Object.assign(l, { result: text, structured_output: output });
  }
  const file = path.join(project, 'transcript.jsonl');
  await writeFile(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return file;
}

/** A backlog story and a sprint of it, made the headless way. */
async function sprintOfOneStory(): Promise<{ story: Story; sprint: Sprint }> {
  await puffin(['stories', 'derive', '--project', project], undefined, 'Let users export their data');
  const accepted = await puffin(['stories', 'accept', '--project', project]);
  const [story] = (accepted.out.data as { added: Story[] }).added;
  const created = await puffin([
    'sprint',
    'create',
    '--project',
    project,
    '--stories',
    story!.id,
    '--title',
    'S1',
  ]);
  return { story: story!, sprint: created.out.data as Sprint };
}

describe('puffin sprint list|show|budget', () => {
  it('lists the sprints and shows one, each in the one-object shape', async () => {
    const empty = await puffin(['sprint', 'list', '--project', project]);
    expect(empty.out).toEqual({ data: [], source: null, warnings: [], meta: {} });
    const { story, sprint } = await sprintOfOneStory();
    const listed = await puffin(['sprint', 'list', '--project', project]);
    expect((listed.out.data as Sprint[]).map((s) => [s.id, s.title, s.storyIds])).toEqual([
      [sprint.id, 'S1', [story.id]],
    ]);
    const shown = await puffin(['sprint', 'show', '--project', project, '--sprint', sprint.id]);
    expect(shown.code).toBe(0);
    expect(shown.out).toMatchObject({ source: null, warnings: [], meta: {} });
    const detail = shown.out.data as SprintDetail;
    expect(detail.sprint.id).toBe(sprint.id);
    expect(detail.stories.map((s) => s.id)).toEqual([story.id]);
  });

  it('an unknown sprint is not_found with the command that lists the sprints', async () => {
    const r = await puffin(['sprint', 'show', '--project', project, '--sprint', 'nope']);
    expect(r.code).toBe(1);
    expect(r.out.error).toMatchObject({
      code: 'not_found',
      message: expect.stringContaining('puffin sprint list --project DIR'),
    });
  });

  it('sets a budget, refuses one that is not a positive number, and removes it with --none', async () => {
    const { sprint } = await sprintOfOneStory();
    const at = ['sprint', 'budget', '--project', project, '--sprint', sprint.id];
    const set = await puffin([...at, '--usd', '2.5']);
    expect(set.code).toBe(0);
    expect(set.out.data).toMatchObject({ id: sprint.id, budgetUsd: 2.5 });
    const shown = await puffin(['sprint', 'show', '--project', project, '--sprint', sprint.id]);
    expect((shown.out.data as SprintDetail).sprint.budgetUsd).toBe(2.5);
    for (const bad of ['0', 'lots']) {
      const refused = await puffin([...at, '--usd', bad]);
      expect(refused.out.error).toMatchObject({ code: 'invalid_payload' });
    }
    const both = await puffin([...at, '--usd', '1', '--none']);
    expect(both.out.error).toMatchObject({ code: 'invalid_arguments' });
    const removed = await puffin([...at, '--none']);
    expect((removed.out.data as Sprint).budgetUsd).toBeNull();
  });

  it('--verbose prints the plan preview (questions so far) on stderr; without it, nothing', async () => {
    const { story, sprint } = await sprintOfOneStory();
    const question = {
      storyId: story.id,
      question: 'Which columns go into the CSV?',
      reason: 'It decides the exporter.',
      suggestions: ['All'],
      priority: 'high',
    };
    const transcript = await streamingTranscript({ questions: [question], summary: 'One thing is unclear.' });
    const argv = ['plan', 'analyze', '--project', project, '--sprint', sprint.id];
    const run = (extra: string[]) =>
      runPuffin([...argv, ...extra], {
        env: { ...env({}), FAKE_CLAUDE_SCENARIO: transcript },
        cwd: project,
      });
    const quiet = await run([]);
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).not.toContain('plan:preview');
    const verbose = await run(['--verbose']);
    expect(verbose.stderr).toContain('puffin progress [plan:preview]:');
    expect(verbose.stderr).toContain('Which columns go into the CSV?');
  });
});
