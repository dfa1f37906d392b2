// Describing existing code with the real Claude Code CLI against the mock Messages API: the model's checks that
// pass on today's code are kept as guards (the story enters the backlog verified), the one that fails is left
// out and said, and breaking the code turns a guard into a regression verify reports with its commit.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPuffin } from '../support/cli/inProcessCli';
import { GIT_TEST_ENV } from '../support/gitFixture';
import { structured, text } from '../support/mockTurns';
import type { MessagesRequestBody, MockTurn } from '../support/mockTypes';
import { useRealCliTimeouts } from '../support/realCliTest';
import { startRealCliWorld, type RealCliWorld } from '../support/realCliWorld';
import { lastToolResults, structuredOutputSchema } from '../support/requestInspection';

const described = {
  stories: [
    {
      title: 'Greet a user by name',
      description: 'As a visitor, I want to be greeted by name so that the page feels personal',
      acceptanceCriteria: ['A greet function takes a name', 'The greeting says Hello'],
      assertions: [
        {
          type: 'FUNCTION_SIGNATURE',
          target: 'src/greet.ts',
          criterion: 'AC1',
          message: 'greet(name) exists',
          assertion: { function_name: 'greet', parameters: ['name'] },
        },
        {
          type: 'FILE_CONTAINS',
          target: 'src/greet.ts',
          criterion: 'AC2',
          message: 'the greeting says Hello',
          assertion: { match: 'literal', content: 'Hello' },
        },
        {
          type: 'FILE_EXISTS',
          target: 'src/farewell.ts',
          criterion: 'AC2',
          message: 'a farewell module (the model was wrong: there is none)',
          assertion: {},
        },
      ],
    },
    {
      title: 'Say goodbye',
      description: 'As a visitor, I want a goodbye so that leaving is polite',
      acceptanceCriteria: ['A farewell function exists'],
      assertions: [
        { type: 'FILE_EXISTS', target: 'src/bye.ts', criterion: 'AC1', message: 'bye module', assertion: {} },
      ],
    },
  ],
};

let prompts: string[] = [];
function respond(body: MessagesRequestBody): MockTurn | undefined {
  const props = (structuredOutputSchema(body)?.properties ?? {}) as Record<string, unknown>;
  if (lastToolResults(body).length > 0) return text('Done.');
  const first = body.messages[0];
  prompts.push(typeof first?.content === 'string' ? first.content : JSON.stringify(first?.content ?? ''));
  if ('stories' in props) return structured(described);
  return undefined;
}

useRealCliTimeouts();
let world: RealCliWorld;
beforeAll(async () => {
  world = await startRealCliWorld({
    name: 'reverse',
    respond,
    projectFiles: { 'src/greet.ts': 'export function greet(name: string) {\n  return `Hello ${name}`;\n}\n' },
  });
  const git = (...args: string[]) => execa('git', args, { cwd: world.project, env: GIT_TEST_ENV });
  await git('init', '--quiet', '--initial-branch=main');
  await git('add', '--all');
  await git('commit', '--quiet', '-m', 'greet');
});
afterAll(() => world?.close());

const puffin = (argv: string[]) =>
  world.guard(runPuffin(argv, { env: world.env, cwd: world.dir }), `puffin ${argv.join(' ')}`);

describe('stories reverse (real CLI)', () => {
  it('keeps the checks that pass now as guards, and a broken guard is a regression with its commit', async () => {
    prompts = [];
    const r = await puffin(['stories', 'reverse', '--project', 'project', '--path', 'src', '--max', '5']);
    expect(r.code, JSON.stringify(r.out)).toBe(0);
    expect(prompts.some((p) => p.includes('Read the code under `src`'))).toBe(true);
    const data = r.out.data as {
      stories: { id: string; title: string; guards: string[] }[];
      dropped: { title: string }[];
      discarded: { assertion: string }[];
      commit: string;
    };
    expect(data.stories.map((s) => [s.title, s.guards])).toEqual([['Greet a user by name', ['G1', 'G2']]]);
    expect(data.dropped.map((d) => d.title)).toEqual(['Say goodbye']);
    expect(data.discarded.map((d) => d.assertion)).toEqual(['G3', 'G1']);
    const id = data.stories[0]!.id;
    const story = JSON.parse(readFileSync(join(world.project, '.puffin', 'stories', `${id}.json`), 'utf8'));
    expect(story.status).toBe('done');
    const history = (await puffin(['stories', 'list', '--project', 'project'])).out.data as { id: string }[];
    expect(history.map((s) => s.id)).toEqual([id]);

    const green = await puffin(['verify', '--project', 'project']);
    expect(green.code).toBe(0);

    writeFileSync(
      join(world.project, 'src', 'greet.ts'),
      'export function greet(name: string) {\n  return `Hi ${name}`;\n}\n',
    );
    const red = await puffin(['verify', '--project', 'project']);
    expect(red.code).toBe(1);
    const report = red.out.data as {
      stories: { id: string; status: string }[];
      regressions: { storyId: string; assertionId: string; lastPassedCommit?: string }[];
    };
    expect(report.stories).toEqual([expect.objectContaining({ id, status: 'regressed' })]);
    expect(report.regressions).toEqual([expect.objectContaining({ storyId: id, assertionId: 'G2' })]);
    expect(JSON.stringify(report.regressions[0])).toContain(data.commit);
  });
});
