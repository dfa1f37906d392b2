// Every headless command, run the way `npx puffin` runs it (runCli with the caller's env and cwd) against the
// REAL Claude Code CLI and the mock Messages API, prints one JSON object: exactly data, source, warnings
// and meta. The walk goes through the whole journey (a prompt, stories, a sprint and its plan, specs, export);
// a command added later without a step here fails the coverage check.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands/index';
import { runPuffin } from '../support/cli/inProcessCli';
import { GIT_TEST_ENV } from '../support/gitFixture';
import { startMockGithubApi } from '../support/mockGithubApi';
import { structured, text } from '../support/mockTurns';
import type { MessagesRequestBody, MockTurn } from '../support/mockTypes';
import {
  assertionsFor,
  plan,
  planItem,
  planResponder,
  risFor,
  type PlanReplies,
} from '../support/planReplies';
import { useRealCliTimeouts } from '../support/realCliTest';
import { startRealCliWorld, type RealCliWorld } from '../support/realCliWorld';
import { lastToolResults, structuredOutputSchema } from '../support/requestInspection';
import { ADA, PERSON_SCHEMA } from '../support/scenarios';

const story = (n: number) => ({
  title: `Story ${n}`,
  description: `As a cook, I want feature ${n} so that I save time`,
  acceptanceCriteria: [`criterion ${n}`],
});
const storyAnswers = [
  [story(1), story(2)],
  [story(1), story(2), story(3)],
  [story(4)], // `stories regenerate --story 2`
];
const question = { storyId: 's1', question: 'Public links?', reason: 'r', suggestions: [], priority: 'high' };
const replies: PlanReplies = {
  ambiguities: [{ summary: 'One question.', questions: [question] }],
  plans: [plan([planItem('s1', 1), planItem('s2', 2)]), plan([planItem('s1', 1), planItem('s2', 2)])],
  refinements: [
    { plan: plan([planItem('s1', 1), planItem('s2', 2)]), changelog: ['Simpler'], followUpQuestions: [] },
  ],
  ris: risFor,
  assertions: assertionsFor,
  sprintAssertions: () => structured({}),
};
const plans = planResponder(replies, 'Sharing Sprint');

function respond(body: MessagesRequestBody): MockTurn | undefined {
  const props = (structuredOutputSchema(body)?.properties ?? {}) as Record<string, unknown>;
  if (lastToolResults(body).length > 0) return text('Done.');
  if ('stories' in props) return structured({ stories: storyAnswers.shift() });
  if ('name' in props && 'age' in props) return structured(ADA);
  return plans(body);
}

useRealCliTimeouts();

let world: RealCliWorld;
const file = (name: string, content: string) => {
  writeFileSync(join(world.dir, name), content);
  return name; // relative: resolved against the caller's cwd
};

beforeAll(async () => {
  world = await startRealCliWorld({
    name: 'headless-shape',
    respond,
    projectFiles: { 'src/index.ts': 'export const feature = 1;\n' },
  });
});
afterAll(() => world?.close());

/** Two backlog stories written the way the stories repo writes them. */
function writeBacklog(): void {
  const stories = join(world.project, '.puffin', 'stories');
  mkdirSync(stories, { recursive: true });
  for (const id of ['s1', 's2']) {
    const at = '2025-01-01T00:00:00.000Z';
    const s = { id, ...story(Number(id.slice(1))), status: 'pending', createdAt: at, updatedAt: at };
    writeFileSync(join(stories, `${id}.json`), JSON.stringify(s));
  }
}

const ran = new Set<string>();
async function puffin(argv: string[], stdin = '', env: Record<string, string> = {}) {
  const { code, out } = await world.guard(
    runPuffin(argv, { stdin, env: { ...world.env, ...env }, cwd: world.dir }),
    `puffin ${argv.join(' ')}`,
  );
  expect({ argv: argv.join(' '), code, keys: Object.keys(out).sort() }).toEqual({
    argv: argv.join(' '),
    code: 0,
    keys: ['data', 'meta', 'source', 'warnings'],
  });
  expect(Array.isArray(out.warnings)).toBe(true);
  ran.add(commands.find((c) => c.path.every((w, i) => argv[i] === w))!.path.join(' '));
  return out as { data: unknown; source: string | null; warnings: string[]; meta: Record<string, unknown> };
}

describe('headless commands print the one-object shape (real CLI)', () => {
  it('every command, through a whole journey', async () => {
    const byModel = (out: { source: string | null; meta: Record<string, unknown> }) => {
      expect(out.source).toBe('structured_output');
      expect(out.meta).toMatchObject({ cliVersion: '2.1.330', costUsd: expect.any(Number) });
    };
    byModel(
      await puffin(['prompt', '--schema', file('person.json', JSON.stringify(PERSON_SCHEMA))], 'Ada, 36'),
    );
    const extracted = await puffin(['extract', '--legacy'], 'Here:\n```json\n{"a": 1}\n```');
    expect(extracted).toMatchObject({ data: { a: 1 }, source: 'legacy_text' });
    const title = await puffin(['title'], 'Let cooks share recipes');
    expect(title.data).toEqual({ title: 'Sharing Sprint', fallback: false });
    byModel(title);

    const at = ['--project', 'project'];
    byModel(await puffin(['stories', 'derive', ...at], 'Let cooks share recipes'));
    byModel(
      await puffin([
        'stories',
        'modify',
        ...at,
        '--feedback-file',
        file('fb.txt', 'One more.'),
        '--lock',
        '1',
      ]),
    );

    const regenerated = await puffin(['stories', 'regenerate', ...at, '--story', '2']);
    byModel(regenerated);
    expect((regenerated.data as { title: string }[]).map((st) => st.title)).toEqual([
      'Story 1',
      'Story 4',
      'Story 3',
    ]);

    const accepted = await puffin(['stories', 'accept', ...at]);
    expect((accepted.data as { added: unknown[] }).added.length).toBe(3);
    const listed = await puffin(['stories', 'list', ...at, '--query', 'feature 3']);
    expect(listed.meta).toEqual({ total: 3, shown: 1 });

    writeBacklog();
    const sprint = (await puffin(['sprint', 'create', ...at, '--stories', 's1,s2'])).data as { id: string };
    const s = [...at, '--sprint', sprint.id];
    byModel(await puffin(['plan', 'analyze', ...s]));
    const answered = await puffin([
      'plan',
      'answer',
      ...s,
      '--answers-file',
      file('a.json', '{"q1": "Yes"}'),
    ]);
    expect(answered).toMatchObject({ source: null, warnings: [], meta: {} });
    byModel(await puffin(['plan', 'generate', ...s]));
    byModel(await puffin(['plan', 'refine', ...s, '--feedback-file', file('refine.txt', 'Simpler.')]));
    byModel(await puffin(['plan', 'regenerate-item', ...s, '--story', 's2']));
    await puffin(['plan', 'restore', ...s, '--revision', '1']);
    await puffin(['plan', 'approve', ...s]);
    byModel(await puffin(['plan', 'ris', ...s]));
    const specs = await puffin(['plan', 'assertions', ...s]);
    byModel(specs);
    expect((specs.meta.generationIds as string[]).length).toBe(3); // one per story, then the sprint's
    await puffin(['plan', 'export', ...s]);
    const spec = await puffin(['export', '--format', 'openspec', ...s]);
    expect((spec.data as { files: unknown[] }).files.length).toBeGreaterThan(2);
    const back = await puffin(['import', '--format', 'openspec', ...at, 'project/openspec']);
    expect((back.data as { stories: { action: string }[] }).stories.map((x) => x.action)).toEqual([
      'unchanged',
      'unchanged',
    ]);
    const sprints = await puffin(['sprint', 'list', ...at]);
    expect((sprints.data as { id: string }[]).map((x) => x.id)).toContain(sprint.id);
    const shown = await puffin(['sprint', 'show', ...s]);
    expect(shown.data).toMatchObject({ sprint: { id: sprint.id } });
    await puffin(['sprint', 'budget', ...s, '--usd', '5']);
    await puffin(['agents', 'init', ...at]);
    const list = file(
      'set.json',
      JSON.stringify({ assertions: [{ id: 'A', type: 'FILE_EXISTS', target: 'src/index.ts' }] }),
    );
    await puffin(['assertions', 'evaluate', ...at, '--assertions', list]);

    // Proof of done needs a repository: its commands read git, and the export talks to the loopback GitHub API.
    const git = (...args: string[]) => execa('git', args, { cwd: world.project, env: GIT_TEST_ENV });
    await git('init', '--quiet', '--initial-branch=main');
    await git('add', '--all');
    await git('commit', '--quiet', '-m', 'journey');
    const verified = await world.guard(
      runPuffin(['verify', ...s], { env: world.env, cwd: world.dir }),
      'puffin verify',
    );
    // verify exits 1 when an assertion fails; either way it prints the one-object shape.
    expect(Object.keys(verified.out).sort()).toEqual(['data', 'meta', 'source', 'warnings']);
    ran.add('verify');
    await puffin(['hooks', 'install', ...at]);
    await puffin(['status', ...at]);
    await puffin(['overlap', ...at]);
    await puffin(['conflicts', ...at]);
    await puffin(['ci', 'init', ...at]);
    const api = await startMockGithubApi({ repos: ['octo/app'] });
    try {
      const exported = await puffin(
        ['github', 'export', ...s, '--repo', 'octo/app', '--api-url', api.url],
        '',
        { GITHUB_TOKEN: api.token },
      );
      expect((exported.data as { issues: unknown[] }).issues).toHaveLength(2);
    } finally {
      await api.close();
    }

    // The coding agent and describing existing code have journeys of their own (test/mcp/implement.real-cli.test.ts,
    // test/formats/reverse.real-cli.test.ts).
    // The trackers' commands (and the story versions a sync keeps) run against their API mocks
    // (src/cli/commands/trackers.test.ts), and git runs the merge driver in test/team/twoClones.test.ts.
    const elsewhere = new Set([
      'implement',
      'stories reverse',
      'merge-driver',
      ...['github import', 'github sync', 'jira export', 'jira import', 'jira sync'],
      ...['stories versions', 'stories restore-version'],
      ...['linear export', 'linear import', 'linear sync'],
    ]);
    expect([...ran].sort()).toEqual(
      commands
        .map((c) => c.path.join(' '))
        .filter((c) => !elsewhere.has(c))
        .sort(),
    );
  });
});
