// Every headless command goes through the contract: an invalid value reaches the dispatcher and comes back as
// the contract's invalid_payload, exactly as the app's request would. No model is called: the CLI path points
// nowhere, so a request that got past validation would fail differently.
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from './commands/index';
import { WORKFLOW_ACTIONS } from '../shared/ipc/workflowChannels';
import { runPuffin } from '../../test/support/cli/inProcessCli';

let root: string;
let project: string;
const file = (name: string) => path.join(root, name);

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'puffin-cli-contract-'));
  project = file('project');
  await mkdir(project);
  await writeFile(file('schema.json'), JSON.stringify({ type: 'object', properties: {} }));
  await writeFile(file('feedback.txt'), 'Shorter, please.');
  await writeFile(file('empty.txt'), '  \n');
  await writeFile(file('answers.json'), JSON.stringify({ q1: 3 }));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function puffin(argv: string[], stdin = '') {
  const env = { PUFFIN_USER_DATA: file('user-data'), PUFFIN_CLAUDE_PATH: file('no-claude'), PATH: '' };
  const { code, out } = await runPuffin(argv, { stdin, env, cwd: root });
  return { code, out: out as { error?: { code: string; message: string } } };
}

const at = () => ['--project', project];
const sprint = (id = '../x') => [...at(), '--sprint', id];

/** One invalid value per command, and the payload field the contract names. */
const INVALID: Record<string, { argv: () => string[]; stdin?: string; field: string }> = {
  prompt: { argv: () => ['--schema', 'schema.json', '--max-turns', 'abc'], stdin: 'Hi', field: '/maxTurns' },
  extract: { argv: () => ['--legacy', '--expect', 'banana'], stdin: '{}', field: '/expect' },
  title: { argv: () => [], stdin: ' \n ', field: '/text' },
  'assertions evaluate': { argv: () => [...at(), '--story', '../x'], field: '/storyId' },
  'stories derive': {
    argv: () => [...at(), '--model', 'm'.repeat(201)],
    stdin: 'Share recipes',
    field: '/model',
  },
  'stories modify': {
    argv: () => [...at(), '--feedback-file', 'feedback.txt', '--lock', 'first'],
    field: '/lock/0',
  },
  'sprint create': { argv: () => [...at(), '--stories', 's1,a/b'], field: '/storyIds/1' },
  'sprint show': { argv: () => sprint(), field: '/sprintId' },
  'sprint budget': { argv: () => [...sprint('s1'), '--usd', '-1'], field: '/patch/budgetUsd' },
  'plan analyze': { argv: () => sprint(), field: '/sprintId' },
  'plan answer': { argv: () => [...sprint('s1'), '--answers-file', 'answers.json'], field: '/answers/q1' },
  'plan generate': { argv: () => sprint('has space'), field: '/sprintId' },
  'plan refine': { argv: () => [...sprint('s1'), '--feedback-file', 'empty.txt'], field: '/feedback' },
  'plan regenerate-item': { argv: () => [...sprint('s1'), '--story', '../s'], field: '/storyId' },
  'plan restore': { argv: () => [...sprint('s1'), '--revision', 'two'], field: '/revision' },
  'plan approve': { argv: () => sprint(), field: '/sprintId' },
  'plan ris': { argv: () => sprint(), field: '/sprintId' },
  'plan assertions': { argv: () => sprint(), field: '/sprintId' },
  'plan export': { argv: () => sprint(), field: '/sprintId' },
  verify: { argv: () => sprint(), field: '/sprintId' },
  'github export': { argv: () => [...sprint('s1'), '--repo', 'no-slash'], field: '/repo' },
  'jira export': {
    argv: () => [...sprint('s1'), '--site', 'https://x.atlassian.net', '--key', '1BAD'],
    field: '/key',
  },
  'github import': { argv: () => [...at(), '--repo', 'octo/app', '--label', ''], field: '/label' },
  'jira import': { argv: () => [...at(), '--site', 'nope', '--key', 'PUF'], field: '/site' },
  'linear import': { argv: () => [...at(), '--team', 'E N G'], field: '/team' },
  'jira sync': { argv: () => sprint(), field: '/sprintId' },
  'stories versions': { argv: () => [...at(), '--story', 'has space'], field: '/storyId' },
  'stories restore-version': { argv: () => [...at(), '--story', 's1', '--version', '0'], field: '/number' },
  'github sync': { argv: () => [...sprint('s1'), '--repo', 'no-slash'], field: '/repo' },
  'linear sync': { argv: () => [...sprint('s1'), '--team', 'E N G'], field: '/team' },
  'linear export': {
    argv: () => [...sprint('s1'), '--team', 'ENG', '--api-url', 'ftp://x'],
    field: '/apiUrl',
  },
  implement: { argv: () => [...at(), '--story', 's1', '--rounds', 'two'], field: '/rounds' },
  export: { argv: () => [...sprint('s1'), '--format', 'word'], field: '/format' },
  'stories reverse': { argv: () => [...at(), '--max', '0'], field: '/max' },
  import: { argv: () => [...at(), '--format', 'word', 'notes'], field: '/format' },
  'merge-driver': { argv: () => ['', 'A', 'B', '.puffin/stories/s1.json'], field: '/ancestor' },
  status: { argv: () => [...at(), '--branches', 'main,has space'], field: '/branches/1' },
  overlap: { argv: () => [...at(), '--branches', 'a~1'], field: '/branches/0' },
};

/**
 * Commands whose only inputs are --project and switches without a value: nothing the contract could refuse (the
 * parser refuses extra flags and values).
 */
const NO_FIELDS = ['hooks install', 'ci init', 'sprint list', 'agents init', 'conflicts'];

/**
 * Commands whose flags pick from stored records or filter the answer (the request itself is built from the
 * store): the command refuses a bad value before any request, naming the flag.
 */
const JUDGED_BY_COMMAND: Record<string, { argv: () => string[]; code: string; flag: string }> = {
  'stories accept': { argv: () => [...at(), '--generation', '../x'], code: 'not_found', flag: '../x' },
  'stories list': { argv: () => [...at(), '--status', 'later'], code: 'invalid_arguments', flag: '--status' },
  'stories regenerate': {
    argv: () => [...at(), '--story', '1', '--generation', '../x'],
    code: 'not_found',
    flag: '../x',
  },
};

/** The commands derived from workflow actions have their own test (commands/workflows.test.ts). */
const derived = new Set<string>(WORKFLOW_ACTIONS.map((a) => a.channel));
const written = commands.filter((c) => !derived.has(c.channel));

describe('every headless command is validated by the contract', () => {
  it('has an invalid-value case for each command', () => {
    expect([...Object.keys(INVALID), ...NO_FIELDS, ...Object.keys(JUDGED_BY_COMMAND)].sort()).toEqual(
      written.map((c) => c.path.join(' ')).sort(),
    );
    for (const name of NO_FIELDS)
      for (const flag of commands.find((c) => c.path.join(' ') === name)?.flags ?? [])
        expect(flag.kind).toBe('boolean');
  });

  it.each(Object.entries(INVALID))(
    '%s: an invalid value is the contract’s invalid_payload',
    async (name, c) => {
      const { code, out } = await puffin([...name.split(' '), ...c.argv()], c.stdin);
      expect(code).toBe(1);
      expect(out.error).toMatchObject({ code: 'invalid_payload', message: expect.stringContaining(c.field) });
    },
  );
});

describe('commands that judge their own flags', () => {
  it.each(Object.entries(JUDGED_BY_COMMAND))('%s refuses a bad value, naming it', async (name, c) => {
    const { code, out } = await puffin([...name.split(' '), ...c.argv()]);
    expect(code).toBe(1);
    expect(out.error).toMatchObject({ code: c.code, message: expect.stringContaining(c.flag) });
  });
});

describe('limits are the app’s, never silently applied', () => {
  const long = 'x'.repeat(200_001);

  it.each([
    ['prompt', ['prompt', '--schema', 'schema.json']],
    ['title', ['title']],
    ['stories derive', ['stories', 'derive', '--project', 'project']],
  ])('%s refuses a text over 200,000 characters (it is not cut)', async (_name, argv) => {
    const { code, out } = await puffin(argv, long);
    expect(code).toBe(1);
    expect(out.error).toMatchObject({ code: 'invalid_payload', message: expect.stringContaining('200000') });
  });

  it('stores nothing for a refused request', async () => {
    await puffin(['stories', 'derive', '--project', project], long);
    const history = await readdir(path.join(project, '.puffin', 'local', 'history')).catch(() => []);
    expect(history).toEqual([]);
  });
});
