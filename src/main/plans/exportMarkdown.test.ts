import { mkdtemp, readdir, readFile, rm, symlink, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SprintDetail } from '../../shared/plans';
import type { PlanItem } from '../../shared/schema-types';
import { sprintMarkdown, sprintSlug, writeSprintExport } from './exportMarkdown';

const T0 = '2025-01-01T00:00:00.000Z';

function item(storyId: string, order: number, patch: Partial<PlanItem> = {}): PlanItem {
  return {
    order,
    storyId,
    title: `Build ${storyId}`,
    approach: `Approach for ${storyId}.`,
    filesCreated: [],
    filesModified: [],
    dependencies: [],
    complexity: 'medium',
    notes: '',
    ...patch,
  };
}

function fixture(): SprintDetail {
  const planV1 = {
    planItems: [item('s1', 1), item('s2', 2)],
    sharedComponents: [],
    risks: [],
    implementationOrder: ['s1', 's2'],
  };
  const planV2 = {
    planItems: [
      item('s2', 2, {
        filesCreated: ['src/login|form.ts'],
        filesModified: ['src/`app`.ts'],
        dependencies: ['s1'],
        complexity: 'high',
        notes: 'Mind the session cookie.',
      }),
      item('s1', 1, { title: 'Auth store', filesCreated: ['src/auth.ts'] }),
    ],
    sharedComponents: [
      { path: 'src/shared/session.ts', purpose: 'Session | token\nhelpers', usedBy: ['s1', 's2'] },
    ],
    risks: [{ description: 'Token <leak>', impact: 'high' as const, mitigation: 'Use *httpOnly* cookies' }],
    implementationOrder: ['s1', 's2'],
  };
  return {
    sprint: {
      id: '3f2a9c1e-0000-4000-8000-000000000000',
      title: 'Login & Sessions',
      storyIds: ['s1', 's2'],
      status: 'open',
      createdAt: T0,
      updatedAt: '2025-02-02T00:00:00.000Z',
    },
    stories: [
      {
        id: 's2',
        title: 'Login form',
        description: 'As a user, I want to log in.\n# not a heading of the export',
        acceptanceCriteria: ['Shows errors', 'Remembers me'],
        status: 'pending',
        createdAt: T0,
        updatedAt: T0,
      },
      {
        id: 's1',
        title: 'Session store',
        description: 'As a dev, I want sessions.',
        acceptanceCriteria: ['Sessions persist'],
        status: 'pending',
        createdAt: T0,
        updatedAt: T0,
      },
    ],
    questions: {
      sprintId: 'x',
      generatedAt: T0,
      summary: 'Some things are unclear.',
      questions: [
        {
          id: 'q1',
          storyId: 's2',
          question: 'OAuth too?',
          reason: 'Scope',
          suggestions: ['No'],
          priority: 'high',
        },
        { id: 'q2', storyId: 's1', question: 'Unanswered?', reason: 'r', suggestions: [], priority: 'low' },
      ],
      answers: { q1: 'No, password only.' },
    },
    plan: {
      sprintId: 'x',
      revisions: [
        { number: 1, kind: 'generated', createdAt: T0, plan: planV1, changelog: [], followUpQuestions: [] },
        { number: 2, kind: 'refined', createdAt: T0, plan: planV2, changelog: ['x'], followUpQuestions: [] },
      ],
      current: 2,
      approved: { revision: 2, at: '2025-03-03T10:00:00.000Z' },
    },
    checks: null,
    ris: [
      {
        sprintId: 'x',
        storyId: 's2',
        markdown: '# Login RIS\n\nDo the form.\n\n```\n# code, not a heading\n```',
        sections: { context: '', objective: '', navigation: '', instructions: '', conventions: '' },
        createdAt: '2025-04-04T00:00:00.000Z',
      },
    ],
    assertions: [
      {
        storyId: 's2',
        assertions: [
          {
            id: 'A1',
            type: 'FILE_EXISTS',
            target: 'src/login|form.ts',
            message: 'Form | exists',
            assertion: {},
          },
        ],
        notDiscriminating: ['A1'],
      },
    ],
    sprintAssertions: {
      s1: [
        { id: 'S1', type: 'FILE_EXISTS', target: 'src/auth.ts', message: 'Auth store exists', assertion: {} },
      ],
    },
    specErrors: [],
    specWarnings: [],
  };
}

describe('sprintMarkdown', () => {
  it('contains every section: stories, answers, the approved plan, RIS and assertions', () => {
    const md = sprintMarkdown(fixture());
    for (const heading of [
      '# Login & Sessions',
      '## Stories',
      '## Questions and answers',
      '## Plan',
      '### Shared components',
      '### Risks',
      '### Implementation order',
      '## Ready-to-implement specs (RIS)',
      '## Assertions',
      '### Sprint assertions',
    ]) {
      expect(md).toContain(`\n${heading}\n`);
    }
    expect(md).toContain('Revision 2, approved 2025-03-03T10:00:00.000Z');
    expect(md).toContain('1. Sessions persist');
    expect(md).toContain('OAuth too?');
    expect(md).toContain('No, password only.');
    expect(md).not.toContain('Unanswered?');
    // Items in plan order, with approach, files, dependencies, complexity and notes.
    expect(md.indexOf('#### 1. Auth store')).toBeGreaterThan(0);
    expect(md.indexOf('#### 2. Build s2')).toBeGreaterThan(md.indexOf('#### 1. Auth store'));
    expect(md).toContain('Approach for s2.');
    expect(md).toContain('Complexity: high');
    expect(md).toContain('Depends on: Session store (`s1`)');
    expect(md).toContain('Mind the session cookie.');
    // Table cells: pipes escaped, newlines as <br>, HTML-ish text escaped, code spans fenced around backticks.
    expect(md).toContain('| create | `src/login\\|form.ts` |');
    expect(md).toContain('| modify | ``src/`app`.ts`` |');
    expect(md).toContain('Session \\| token<br>helpers');
    expect(md).toContain('Token &lt;leak&gt;');
    expect(md).toContain('| A1 | FILE_EXISTS | `src/login\\|form.ts` | Form \\| exists |');
    expect(md).toContain('| S1 | FILE_EXISTS | `src/auth.ts` | Auth store exists |');
    // Embedded markdown cannot take over the export's headings; code blocks are left alone.
    expect(md).toContain('\n#### Login RIS\n');
    expect(md).toContain('\n# code, not a heading\n');
    expect(md).toContain('\n#### not a heading of the export\n');
    // No timestamps except the approval time.
    expect(md.match(/\d{4}-\d\d-\d\dT/g)).toEqual(['2025-03-03T']);
  });

  it('is stable: the same detail (in any array order) gives the same text', () => {
    const a = fixture();
    const b = fixture();
    b.stories.reverse();
    b.questions!.questions.reverse();
    expect(sprintMarkdown(a)).toBe(sprintMarkdown(b));
    expect(sprintMarkdown(a)).toBe(sprintMarkdown(fixture()));
  });

  it('says so when the plan is not approved, and exports the current revision as a draft', () => {
    const d = fixture();
    delete d.plan!.approved;
    d.plan!.current = 1;
    const md = sprintMarkdown(d);
    expect(md).toContain('Not approved: draft revision 1');
    expect(md).toContain('#### 2. Build s2');
    expect(sprintMarkdown({ ...d, plan: null })).toContain('No plan yet');
    d.stories[0]!.description = '';
    expect(sprintMarkdown(d)).not.toMatch(/\n\n\n/);
  });
});

describe('sprintSlug', () => {
  it('makes a short, safe, unique file name from the title and id', () => {
    expect(sprintSlug('Login & Sessions', '3f2a9c1e-0000-4000')).toBe('login-sessions-3f2a9c1e');
    expect(sprintSlug('Économie / Café!', 'ID_1')).toBe('economie-cafe-id1');
    expect(sprintSlug('???', 'abc')).toBe('sprint-abc');
    expect(sprintSlug('x'.repeat(200), 'abc').length).toBeLessThanOrEqual(70);
  });
});

describe('writeSprintExport', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'puffin-export-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes docs/puffin/<slug>.md, overwrites it on demand and replaces its own export after a rename', async () => {
    const d = fixture();
    const { path } = await writeSprintExport(dir, d);
    expect(path).toBe(join(dir, 'docs', 'puffin', 'login-sessions-3f2a9c1e.md'));
    expect(await readFile(path, 'utf8')).toBe(sprintMarkdown(d));
    // Someone else's file that happens to share the suffix is never touched.
    await writeFile(join(dir, 'docs', 'puffin', 'notes-3f2a9c1e.md'), 'my notes\n');

    d.plan!.approved = { revision: 2, at: '2025-05-05T00:00:00.000Z' };
    expect((await writeSprintExport(dir, d)).path).toBe(path);
    expect(await readFile(path, 'utf8')).toContain('2025-05-05T00:00:00.000Z');

    d.sprint.title = 'Renamed';
    const renamed = await writeSprintExport(dir, d);
    expect(renamed.path).toBe(join(dir, 'docs', 'puffin', 'renamed-3f2a9c1e.md'));
    expect((await readdir(join(dir, 'docs', 'puffin'))).sort()).toEqual([
      'notes-3f2a9c1e.md',
      'renamed-3f2a9c1e.md',
    ]);
  });

  it('works when docs/puffin already holds other files', async () => {
    await mkdir(join(dir, 'docs', 'puffin'), { recursive: true });
    await writeFile(join(dir, 'docs', 'puffin', 'other.md'), 'x');
    await writeSprintExport(dir, fixture());
    expect((await readdir(join(dir, 'docs', 'puffin'))).sort()).toEqual([
      'login-sessions-3f2a9c1e.md',
      'other.md',
    ]);
  });
});

describe('writeSprintExport through symbolic links', () => {
  it('refuses to write through a docs/ that links outside the project, writing nothing there', async () => {
    const root = await mkdtemp(join(tmpdir(), 'puffin-export-link-'));
    try {
      await mkdir(join(root, 'project'));
      await mkdir(join(root, 'elsewhere'));
      await symlink(join(root, 'elsewhere'), join(root, 'project', 'docs'));
      await expect(writeSprintExport(join(root, 'project'), fixture())).rejects.toMatchObject({
        code: 'outside_project',
      });
      expect(await readdir(join(root, 'elsewhere'))).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
