// The Linear export from a project in a real git repository to the loopback Linear GraphQL API, through
// @linear/sdk: a parent issue labelled puffin, sub-issues under it ticked only where assertions pass, reruns that
// update and never duplicate, the completed state for verified stories, and typed failures.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockLinearApi, type MockLinearApi } from '../../../../test/support/mockLinearApi';
import { createTrackerProject, type TrackerProject } from '../../../../test/support/trackerProject';
import { exportSprintToLinear, type LinearExportOptions } from './exportLinear';

let project: TrackerProject;
let api: MockLinearApi;
let waits: [number, string][];

beforeEach(async () => {
  project = await createTrackerProject('puffin-linear-');
  api = await startMockLinearApi({ teams: ['ENG'] });
  waits = [];
});
afterEach(async () => {
  await api.close();
  await project.repo.cleanup();
});

function options(over: Partial<LinearExportOptions> = {}): LinearExportOptions {
  return {
    projectDir: project.repo.dir,
    sprintId: 'sprint-1',
    team: 'ENG',
    apiUrl: api.url,
    env: { LINEAR_API_KEY: api.apiKey },
    budget: { sleep: async () => {}, onWait: (ms, why) => void waits.push([ms, why]) },
    ...over,
  };
}

const boxes = (identifier: string): string[] =>
  api
    .issue(identifier)
    .description.split('\n')
    .filter((l) => /^- \[[ x]\] /.test(l));

describe('exportSprintToLinear', () => {
  it('creates the parent issue labelled puffin, then a sub-issue ticked by assertions; a rerun changes nothing', async () => {
    const first = await exportSprintToLinear(options());
    expect(first.container).toMatchObject({ key: 'ENG-1', action: 'created' });
    expect(first.issues).toEqual([
      {
        storyId: project.storyId,
        key: 'ENG-2',
        url: 'https://linear.app/mock/issue/ENG-2',
        action: 'created',
      },
    ]);
    const label = api.state.labels.find((l) => l.name === 'puffin')!;
    expect(api.issue('ENG-1').labelIds).toEqual([label.id]);
    expect(api.issue('ENG-2').parentId).toBe(api.issue('ENG-1').id);
    expect(boxes('ENG-2')).toEqual(['- [x] A module exists', '- [ ] It exports toCsv']);

    const before = api.mutations().length;
    const again = await exportSprintToLinear(options());
    expect([again.container.action, ...again.issues.map((i) => i.action)]).toEqual([
      'unchanged',
      'unchanged',
    ]);
    expect(api.mutations()).toHaveLength(before);
    expect(api.state.issues).toHaveLength(2);
  });

  it('ticks the box once the criterion passes, and --close-verified moves the story to the completed state', async () => {
    await exportSprintToLinear(options());
    await project.proveAll();
    const second = await exportSprintToLinear(options({ closeVerified: true }));
    expect(second.issues.map((i) => [i.key, i.action])).toEqual([['ENG-2', 'updated']]);
    expect(boxes('ENG-2')).toEqual(['- [x] A module exists', '- [x] It exports toCsv']);
    expect(api.issue('ENG-2').stateId).toBe('team-1-done');
    expect(api.state.issues).toHaveLength(2);
  });
});

describe('exportSprintToLinear: what Linear refuses', () => {
  it("waits out Linear's RATELIMITED answer and a 500 once within one budget", async () => {
    api.rateLimitNext(2000);
    api.failNext({
      operation: 'PuffinIssueCreate',
      answer: { status: 500, body: { errors: [{ message: 'boom' }] } },
    });
    const r = await exportSprintToLinear(options());
    expect(r.issues).toHaveLength(1);
    expect(waits.map(([, why]) => why).sort()).toEqual(['rate limit', 'server error']);
    const rate = waits.find(([, why]) => why === 'rate limit')![0];
    expect(rate).toBeGreaterThan(1000);
    expect(rate).toBeLessThanOrEqual(2000);
    expect(api.state.issues).toHaveLength(2);
  });

  it('a wrong key is tracker_unauthorized; an unknown team tracker_not_found; no key at all stops first', async () => {
    const bad = await exportSprintToLinear(options({ env: { LINEAR_API_KEY: 'lin_api_wrong' } })).catch(
      (e: unknown) => e,
    );
    expect(bad).toMatchObject({ code: 'tracker_unauthorized', details: { status: 401 } });
    expect((bad as Error).message).toContain('LINEAR_API_KEY');
    const team = await exportSprintToLinear(options({ team: 'NOPE' })).catch((e: unknown) => e);
    expect(team).toMatchObject({ code: 'tracker_not_found' });
    expect((team as Error).message).toContain('NOPE');
    const before = api.requests.length;
    const none = await exportSprintToLinear(options({ env: {} })).catch((e: unknown) => e);
    expect(none).toMatchObject({ code: 'tracker_no_credentials' });
    expect(api.requests).toHaveLength(before);
  });

  it('a refused input field is tracker_refused naming it', async () => {
    api.state.refusedFields.add('labelIds');
    const err = await exportSprintToLinear(options()).catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'tracker_refused',
      details: { fields: { labelIds: expect.any(String) } },
    });
    expect((err as Error).message).toContain('field “labelIds”');
  });
});
