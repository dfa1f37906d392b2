// Importing what teams already have (each format's own files, written by hand in test/fixtures/formats), and
// what must never happen: a malformed file writes nothing and names its file and line; a story changed in Puffin
// and in the files since the export is not overwritten; plan files become a plan draft to review; assertions
// attach to imported criteria and verify judges the imported story.
import { execFileSync } from 'node:child_process';
import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPuffin } from '../support/cli/inProcessCli';
import { scratchDir } from '../support/scratchDir';
import { seedProject } from './seedProject';
import { LOGIN_ID } from './sprintBundle';

const FIXTURES = path.join(process.cwd(), 'test', 'fixtures', 'formats');
const env = () => ({ PATH: process.env.PATH ?? '', PUFFIN_USER_DATA: scratchDir('puffin-formats-user-') });

interface Imported {
  stories: { id: string; title: string; action: string }[];
  sprints: { id: string; title: string; action: string }[];
  conflicts: { storyId: string; revision: number }[];
  planDrafts: { sprintId: string; revision: number }[];
}

async function emptyProject(): Promise<string> {
  const dir = scratchDir('puffin-import-');
  execFileSync('git', ['init', '-q'], { cwd: dir });
  return dir;
}

const puffinIn = (dir: string) => (argv: string[]) => runPuffin(argv, { env: env(), cwd: dir });

async function storyRecords(
  dir: string,
): Promise<{ id: string; title: string; acceptanceCriteria: string[] }[]> {
  const folder = path.join(dir, '.puffin', 'stories');
  const names = await readdir(folder).catch(() => []);
  return Promise.all(names.map(async (n) => JSON.parse(await readFile(path.join(folder, n), 'utf8'))));
}

describe("each format's own files", () => {
  const cases: [string, string, string[][]][] = [
    [
      'openspec',
      'openspec',
      [
        [
          'Users MUST provide a second factor during login.',
          'The system SHALL reject a one-time code older than 5 minutes.',
        ],
      ],
    ],
    [
      'speckit',
      'speckit/specs',
      [
        [
          'Given two photos, When the user creates an album with them, Then the album lists both photos',
          'Given an album, When the user renames it, Then the new name is shown',
        ],
        ['Given an album, When the user shares it, Then a link opens the album read-only'],
      ],
    ],
    [
      'kiro',
      'kiro',
      [
        [
          'WHEN the user saves a new display name THEN the system SHALL show it on the profile',
          'IF the display name is empty THEN the system SHALL refuse it with a message',
        ],
        ['WHEN the user uploads a PNG under 2 MB THEN the system SHALL show it as the avatar'],
      ],
    ],
    [
      'backlog-md',
      'backlog-md',
      [['The theme follows the system setting', 'A toggle in Settings overrides it']],
    ],
  ];

  it.each(cases)(
    '%s: stories with their criteria; a rerun updates instead of copying',
    async (format, folder, criteria) => {
      const dir = await emptyProject();
      await cp(path.join(FIXTURES, folder), path.join(dir, 'from'), { recursive: true });
      const puffin = puffinIn(dir);
      const first = await puffin(['import', '--format', format, '--project', '.', 'from']);
      expect(first.code, JSON.stringify(first.out)).toBe(0);
      const data = first.out.data as Imported;
      expect(data.stories.every((s) => s.action === 'created')).toBe(true);
      const byId = new Map((await storyRecords(dir)).map((s) => [s.id, s]));
      expect(data.stories.map((s) => byId.get(s.id)!.acceptanceCriteria)).toEqual(criteria);
      expect(data.sprints).toHaveLength(1);

      const again = await puffin(['import', '--format', format, '--project', '.', 'from']);
      const second = again.out.data as Imported;
      expect(second.stories.map((s) => [s.id, s.action])).toEqual(
        data.stories.map((s) => [s.id, 'unchanged']),
      );
      expect(second.sprints.map((s) => s.id)).toEqual(data.sprints.map((s) => s.id));
      expect(await storyRecords(dir)).toHaveLength(criteria.length);
    },
  );
});

describe('malformed input', () => {
  it.each([
    ['openspec', 'malformed/openspec', /bad\/specs\/x\/spec\.md:3: the requirement "Empty one" has no text/],
    ['backlog-md', 'malformed/backlog', /task-1 - Broken\.md:\d+: the front matter is not valid YAML/],
    ['kiro', 'malformed/kiro', /requirements\.md:5: "### Story one" is not "Requirement N: Title"/],
  ])('%s: a typed error naming the file and line, and nothing written', async (format, folder, message) => {
    const dir = await emptyProject();
    const r = await puffinIn(dir)([
      'import',
      '--format',
      format,
      '--project',
      '.',
      path.join(FIXTURES, folder),
    ]);
    expect(r.code).not.toBe(0);
    const error = r.out.error as { code: string; message: string; details: { file: string; line: number } };
    expect(error.code).toBe('spec_malformed');
    expect(error.message).toMatch(message);
    expect(error.details.line).toBeGreaterThan(0);
    expect(await storyRecords(dir)).toEqual([]);
  });

  it('a path without files of the format says so', async () => {
    const dir = await emptyProject();
    const r = await puffinIn(dir)([
      'import',
      '--format',
      'kiro',
      '--project',
      '.',
      path.join(FIXTURES, 'plans'),
    ]);
    expect((r.out.error as { code: string }).code).toBe('spec_not_found');
  });
});

describe('both sides changed', () => {
  it('a story edited in Puffin since the export is not overwritten: the files’ version is kept as an imported revision', async () => {
    const { dir, sprintId } = await seedProject();
    const puffin = puffinIn(dir);
    await puffin(['export', '--format', 'kiro', '--project', '.', '--sprint', sprintId]);
    // Puffin's side: the story is edited after the export.
    const file = path.join(dir, '.puffin', 'stories', `${LOGIN_ID}.json`);
    const story = JSON.parse(await readFile(file, 'utf8'));
    await writeFile(
      file,
      JSON.stringify({
        ...story,
        title: 'Sign in with email or phone',
        updatedAt: '2026-11-25T00:00:00.000Z',
      }),
    );
    // The files' side: a criterion is edited in the other tool.
    const reqs = (await readdir(path.join(dir, '.kiro', 'specs')))[0]!;
    const reqFile = path.join(dir, '.kiro', 'specs', reqs, 'requirements.md');
    await writeFile(reqFile, (await readFile(reqFile, 'utf8')).replace('30 minutes', '15 minutes'));

    const r = await puffin(['import', '--format', 'kiro', '--project', '.', '.kiro/specs']);
    expect(r.code).toBe(1);
    const data = r.out.data as Imported;
    expect(data.conflicts).toEqual([expect.objectContaining({ storyId: LOGIN_ID, revision: 1 })]);
    const kept = JSON.parse(await readFile(file, 'utf8'));
    expect(kept.title).toBe('Sign in with email or phone');
    expect(kept.acceptanceCriteria[2]).toContain('30 minutes');
    const revisions = JSON.parse(
      await readFile(path.join(dir, '.puffin', 'story-imports', `${LOGIN_ID}.json`), 'utf8'),
    );
    expect(revisions.revisions[0]).toMatchObject({
      number: 1,
      kind: 'imported',
      format: 'kiro',
      title: 'Sign in with email',
    });
    expect(revisions.revisions[0].acceptanceCriteria[2]).toContain('15 minutes');
  });

  it('a story changed only in the files is updated', async () => {
    const { dir, sprintId } = await seedProject();
    const puffin = puffinIn(dir);
    await puffin(['export', '--format', 'speckit', '--project', '.', '--sprint', sprintId]);
    const folder = (await readdir(path.join(dir, 'specs')))[0]!;
    const spec = path.join(dir, 'specs', folder, 'spec.md');
    await writeFile(spec, (await readFile(spec, 'utf8')).replace('30 minutes', '15 minutes'));
    const r = await puffin(['import', '--format', 'speckit', '--project', '.', 'specs']);
    expect(r.code).toBe(0);
    expect((r.out.data as Imported).stories.find((s) => s.id === LOGIN_ID)!.action).toBe('updated');
    const story = JSON.parse(
      await readFile(path.join(dir, '.puffin', 'stories', `${LOGIN_ID}.json`), 'utf8'),
    );
    expect(story.acceptanceCriteria[2]).toBe('The session MUST expire after 15 minutes of inactivity');
  });
});

describe('plan files', () => {
  it.each([
    ['cursor-plan', 'cursor.plan.md', 'Add CSV export', [['src/export/csv.ts'], ['src/pages/Invoices.tsx']]],
    [
      'claude-plan',
      'claude-plan.md',
      'Rate-limit the public API',
      [['src/api/rateLimit.ts'], ['src/api/server.ts'], ['docs/api.md']],
    ],
  ])('%s: a sprint whose plan is an unapproved imported revision', async (format, file, title, files) => {
    const dir = await emptyProject();
    const r = await puffinIn(dir)([
      'import',
      '--format',
      format,
      '--project',
      '.',
      path.join(FIXTURES, 'plans', file),
    ]);
    expect(r.code, JSON.stringify(r.out)).toBe(0);
    const data = r.out.data as Imported;
    expect(data.sprints).toEqual([expect.objectContaining({ title, action: 'created' })]);
    expect(data.planDrafts).toEqual([{ sprintId: data.sprints[0]!.id, revision: 1 }]);
    const plan = JSON.parse(
      await readFile(path.join(dir, '.puffin', 'plans', `${data.sprints[0]!.id}.json`), 'utf8'),
    );
    expect(plan.approved).toBeUndefined();
    expect(plan.revisions[0].kind).toBe('imported');
    expect(plan.revisions[0].plan.planItems.map((i: { filesModified: string[] }) => i.filesModified)).toEqual(
      files,
    );
  });
});

describe('assertions on imported criteria', () => {
  it('verify judges a story that came from another tool by the assertions attached to its criteria', async () => {
    const dir = await emptyProject();
    await cp(path.join(FIXTURES, 'openspec'), path.join(dir, 'openspec'), { recursive: true });
    const puffin = puffinIn(dir);
    const imported = (await puffin(['import', '--format', 'openspec', '--project', '.', 'openspec'])).out
      .data as Imported;
    const storyId = imported.stories[0]!.id;
    await mkdir(path.join(dir, '.puffin', 'assertions'), { recursive: true });
    await writeFile(
      path.join(dir, '.puffin', 'assertions', `${storyId}.json`),
      JSON.stringify({
        storyId,
        assertions: [
          {
            id: 'otp-1',
            criterion: 'AC1',
            type: 'FILE_EXISTS',
            target: 'src/otp.ts',
            message: 'OTP module',
            assertion: {},
          },
        ],
      }),
    );
    execFileSync(
      'git',
      ['-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-q', '--allow-empty', '-m', 'start'],
      { cwd: dir },
    );
    const failing = await puffin(['verify', '--project', '.']);
    expect(failing.code).toBe(1);
    await mkdir(path.join(dir, 'src'));
    await writeFile(path.join(dir, 'src', 'otp.ts'), 'export const otp = 1;\n');
    const passing = await puffin(['verify', '--project', '.']);
    expect(passing.code, JSON.stringify(passing.out)).toBe(0);
    const stories = (passing.out.data as { stories: { id: string; status: string }[] }).stories;
    expect(stories).toEqual([expect.objectContaining({ id: storyId, status: 'verified' })]);
  });
});
