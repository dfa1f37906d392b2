// Every record kept aside is reported to the user: in the opened project's store problems (which file, why,
// kept where), to project:changed listeners when found after the open, and in the headless output's warnings.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RequestChannel } from '../../shared/ipc/contract';
import type { ProjectInfo } from '../../shared/project';
import type { Sprint } from '../../shared/plans';
import type { Story } from '../../shared/stories';
import { runPuffin } from '../../../test/support/cli/inProcessCli';
import type { Root } from './core';
import { makeTestProjectRoot } from '../../../test/support/core/testProjectRoot';

let dir: string;
let project: string;
let store: string;
let root: Root;

beforeEach(async () => {
  ({ dir, project, store, root } = await makeTestProjectRoot('puffin-problems-', ['sprints', 'plans']));
});
afterEach(async () => {
  await root.dispose();
  await rm(dir, { recursive: true, force: true });
});

const call = async (channel: RequestChannel, payload: unknown) => {
  const r = await root.dispatch(channel, payload, { face: 'test' });
  if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
  return r.value;
};
const keptAs = (file: string) => expect.stringMatching(new RegExp(`^${file.replace('.', '\\.')}\\.corrupt-`));

describe('store problems', () => {
  it('a corrupt sprint and a corrupt plan are reported when the project opens: which file, why, kept where', async () => {
    await writeFile(join(store, 'sprints', 'sp-1.json'), '{"id": "sp-1", "title": ');
    await writeFile(join(store, 'plans', 'sp-2.json'), JSON.stringify({ sprintId: 'sp-2', revisions: [] }));
    const info = (await call('project:open', { path: project })) as ProjectInfo;
    expect(info.store.problems).toEqual(
      expect.arrayContaining([
        { file: 'sprints/sp-1.json', keptAs: keptAs('sprints/sp-1.json'), reason: expect.any(String) },
        { file: 'plans/sp-2.json', keptAs: keptAs('plans/sp-2.json'), reason: expect.any(String) },
      ]),
    );
    expect(info.store.problems).toHaveLength(2);
    expect(info.store.quarantined).toHaveLength(2);
    const kept = info.store.problems!.find((p) => p.file === 'sprints/sp-1.json')!.keptAs;
    expect(await readFile(join(store, kept), 'utf8')).toBe('{"id": "sp-1", "title": ');
    expect(await readdir(join(store, 'plans'))).toEqual([expect.stringMatching(/^sp-2\.json\.corrupt-/)]);
  });

  it('a plan found corrupt after the open is added to the project and announced with project:changed', async () => {
    await call('project:open', { path: project });
    const [story] = (await call('stories:accept', {
      drafts: [{ title: 'S', description: 'd', acceptanceCriteria: [] }],
    })) as Story[];
    const sprint = (await call('sprints:create', { storyIds: [story!.id], title: 'One' })) as Sprint;
    const seen: (ProjectInfo | null)[] = [];
    root.onEvent((event, payload) => {
      if (event === 'project:changed') seen.push(payload as ProjectInfo);
    });
    // Another Puffin (or a bad merge) left an unreadable plan for the sprint.
    await writeFile(join(store, 'plans', `${sprint.id}.json`), '{"revisions": [');
    await call('sprints:get', { sprintId: sprint.id });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.store.problems).toEqual([
      {
        file: `plans/${sprint.id}.json`,
        keptAs: keptAs(`plans/${sprint.id}.json`),
        reason: expect.stringMatching(/JSON/),
      },
    ]);
    expect(((await call('project:current', undefined)) as ProjectInfo).store.problems).toEqual(
      seen[0]!.store.problems,
    );
  });

  it('the headless output lists every record kept aside in its warnings', async () => {
    await call('project:open', { path: project });
    const [story] = (await call('stories:accept', {
      drafts: [{ title: 'S', description: 'd', acceptanceCriteria: [] }],
    })) as Story[];
    await writeFile(join(store, 'sprints', 'old.json'), 'not json');
    const run = await runPuffin(
      ['sprint', 'create', '--project', project, '--stories', story!.id, '--title', 'T'],
      { env: { PATH: process.env.PATH ?? '', HOME: dir, XDG_CONFIG_HOME: join(dir, 'config') } },
    );
    expect(run.code).toBe(0);
    expect(run.out.warnings).toEqual([
      expect.stringMatching(
        /^\.puffin\/sprints\/old\.json could not be read \(.+\); it was kept aside as \.puffin\/sprints\/old\.json\.corrupt-/,
      ),
    ]);
  });
});
