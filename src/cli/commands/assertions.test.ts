import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runPuffin } from '../../../test/support/cli/inProcessCli';
import { GIT_TEST_ENV } from '../../../test/support/gitFixture';

const TS_PROJECT = fileURLToPath(
  new URL('../../../test/fixtures/assertion-projects/ts-electron', import.meta.url),
);

async function cli(args: string[]): Promise<{ code: number; out: Record<string, unknown> }> {
  const { code, out } = await runPuffin(['assertions', 'evaluate', ...args], {
    env: { PUFFIN_USER_DATA: userData },
  });
  return { code, out };
}

interface Data {
  results: { id: string; status: string; reason: string; location: { line: number } | null; type: string }[];
  summary: { total: number; passed: number; failed: number; errors: number };
  commit: string | null;
  saved: string | null;
  warnings: string[];
}

let tmp: string;
let userData: string;
beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'puffin-cli-assert-'));
  userData = await mkdtemp(path.join(os.tmpdir(), 'puffin-cli-user-'));
});
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
  await rm(userData, { recursive: true, force: true });
});

async function writeJson(file: string, value: unknown): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
}

const passing = [
  {
    id: 'A1',
    type: 'FILE_EXISTS',
    target: 'src/main/ipc.ts',
    message: 'ipc exists',
    assertion: { type: 'file' },
  },
  {
    id: 'A2',
    type: 'IPC_HANDLER_REGISTERED',
    target: 'src/main/ipc.ts',
    message: 'list',
    assertion: { handlers: ['stories:list'] },
  },
];

describe('puffin assertions evaluate --assertions FILE', () => {
  it('prints every result with reason and location, and exits 0 when all pass', async () => {
    const file = await writeJson(path.join(tmp, 'set.json'), { assertions: passing });
    const { code, out } = await cli(['--project', TS_PROJECT, '--assertions', file]);
    expect(code).toBe(0);
    const data = out.data as Data;
    expect(data.results.map((r) => [r.id, r.type, r.status])).toEqual([
      ['A1', 'FILE_EXISTS', 'pass'],
      ['A2', 'IPC_HANDLER_REGISTERED', 'pass'],
    ]);
    expect(data.results[1]?.location?.line).toBe(15);
    expect(data.summary).toEqual({ total: 2, passed: 2, failed: 0, errors: 0 });
    expect(data.saved).toBeNull();
  });

  it('exits 1 when one assertion fails or errors', async () => {
    const file = await writeJson(path.join(tmp, 'set.json'), {
      assertions: [...passing, { id: 'A3', type: 'FILE_EXISTS', target: 'src/nope.ts', message: 'm' }],
    });
    const { code, out } = await cli([`--project=${TS_PROJECT}`, `--assertions=${file}`]);
    expect(code).toBe(1);
    expect((out.data as Data).summary).toEqual({ total: 3, passed: 2, failed: 1, errors: 0 });
    expect((out.data as Data).results[2]?.reason).toBe('"src/nope.ts" does not exist');
  });

  it('rejects unreadable or invalid assertion files with a clear error', async () => {
    const missing = await cli(['--project', TS_PROJECT, '--assertions', path.join(tmp, 'none.json')]);
    expect(missing).toMatchObject({ code: 1, out: { error: { code: 'file_not_found' } } });
    const badJson = await writeJson(path.join(tmp, 'bad.json'), '{"assertions": [');
    expect((await cli(['--project', TS_PROJECT, '--assertions', badJson])).out).toMatchObject({
      error: { code: 'invalid_json' },
    });
    // The contract checks each assertion's envelope (as for every face): invalid_payload, naming the place.
    for (const [assertions, problem] of [
      [[{ id: 'X', type: 'FILE_EXISTS' }], "/assertions/0 must have required property 'target'"],
      [[passing[0], 7], '/assertions/1 must be object'],
    ] as const) {
      const shape = await cli([
        '--project',
        TS_PROJECT,
        '--assertions',
        await writeJson(path.join(tmp, 's.json'), { assertions }),
      ]);
      expect(shape.code).toBe(1);
      expect(shape.out).toMatchObject({
        error: { code: 'invalid_payload', message: expect.stringContaining(problem) },
      });
    }
    // What a schema cannot say, the set check does: ids are unique.
    const duplicate = await writeJson(path.join(tmp, 'dup.json'), {
      assertions: [passing[0], { ...passing[1], id: 'A1' }],
    });
    const dup = (await cli(['--project', TS_PROJECT, '--assertions', duplicate])).out as {
      error: { code: string; message: string };
    };
    expect(dup.error.code).toBe('invalid_assertions');
    expect(dup.error.message).toContain('assertions[1].id: duplicate id "A1"');
  });
});

describe('puffin assertions evaluate --story ID', () => {
  it('reads .puffin/assertions/<id>.json, appends the run to the results history and reports the commit', async () => {
    await writeJson(path.join(tmp, 'src', 'app.ts'), 'export function start(port: number) {}\n');
    // The project is a git repository: the run records the commit git reports for HEAD.
    const git = (...args: string[]) =>
      execFileSync('git', args, {
        cwd: tmp,
        env: { ...process.env, ...GIT_TEST_ENV },
        encoding: 'utf8',
      }).trim();
    git('init', '--quiet');
    git('commit', '--quiet', '--allow-empty', '-m', 'start');
    const SHA = git('rev-parse', 'HEAD');
    await writeJson(path.join(tmp, '.puffin', 'assertions', 'S-1.json'), {
      storyId: 'S-1',
      assertions: [
        {
          id: 'F',
          type: 'FUNCTION_SIGNATURE',
          target: 'src/app.ts',
          message: 'start',
          assertion: { function_name: 'start', parameters: ['port'] },
        },
      ],
    });
    const first = await cli(['--project', tmp, '--story', 'S-1']);
    expect(first.code).toBe(0);
    const data = first.out.data as Data;
    expect(data.commit).toBe(SHA);
    expect(data.saved).toBe(path.join(tmp, '.puffin', 'assertions', 'results', 'S-1.json'));
    await cli(['--project', tmp, '--story', 'S-1']);
    const history = JSON.parse(await readFile(data.saved!, 'utf8')) as { runs: { commit: string }[] };
    expect(history.runs.map((r) => r.commit)).toEqual([SHA, SHA]);

    await cli(['--project', tmp, '--story', 'S-1', '--no-save']);
    expect((JSON.parse(await readFile(data.saved!, 'utf8')) as { runs: unknown[] }).runs).toHaveLength(2);
  });

  it('takes a short id: the one story with a set whose id starts so; one that fits several is refused', async () => {
    await writeJson(path.join(tmp, 'a.txt'), 'a');
    const set = (storyId: string) => ({
      storyId,
      assertions: [
        { id: 'E', type: 'FILE_EXISTS', target: 'a.txt', message: 'a', assertion: { type: 'file' } },
      ],
    });
    for (const id of ['abcd1234-0000', 'abcd9876-0000'])
      await writeJson(path.join(tmp, '.puffin', 'assertions', `${id}.json`), set(id));
    const one = await cli(['--project', tmp, '--story', 'PUF-ABCD9']);
    expect(one.code).toBe(0);
    expect(one.out.data).toMatchObject({ storyId: 'abcd9876-0000', summary: { passed: 1 } });
    const both = await cli(['--project', tmp, '--story', 'PUF-abcd']);
    expect(both.out.error).toMatchObject({
      code: 'ambiguous_id',
      details: { candidates: [{ shortId: 'PUF-abcd1' }, { shortId: 'PUF-abcd9' }] },
    });
  });

  it('reports a missing story file and refuses unsafe story ids (the contract: invalid_payload)', async () => {
    expect((await cli(['--project', tmp, '--story', 'S-9'])).out).toMatchObject({
      error: { code: 'file_not_found' },
    });
    expect((await cli(['--project', tmp, '--story', '../x'])).out).toMatchObject({
      error: { code: 'invalid_payload' },
    });
  });
});

describe('argument errors', () => {
  it.each([
    [[], 'invalid_arguments'],
    [['--project', '/p'], 'invalid_arguments'],
    [['--project', '/p', '--story', 'a', '--assertions', 'b'], 'invalid_arguments'],
    [['--project', '/p', '--verbose'], 'invalid_arguments'],
    [['--project'], 'invalid_arguments'],
    [['--project', '/definitely/not/here', '--story', 'a'], 'project_not_found'],
  ])('%j gives %s', async (args, codeName) => {
    const { code, out } = await cli(args);
    expect(code).toBe(1);
    expect(out).toMatchObject({ error: { code: codeName } });
  });
});
