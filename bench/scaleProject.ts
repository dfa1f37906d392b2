// Projects of any size for the scale bench, written straight into a temp folder in the store's own format (one
// pretty-printed record per file, store.json at the current version): 100,000 stories take seconds, not the hours
// accepting them through the API would.
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FOLDERS } from '../src/main/store/folders';
import { recordText } from '../src/main/store/recordFile';
import { STORE_VERSION } from '../src/main/store/storeMeta';
import type { Generation, Story } from '../src/shared/stories';
import type { StoredAssertionSet } from '../src/shared/schema-types';

type StoredAssertion = StoredAssertionSet['assertions'][number];

/** A UUID-shaped id derived from n: the same project every run, ids spread like random ones. */
export function idOf(kind: string, n: number): string {
  const h = createHash('sha1').update(`${kind}-${n}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const BASE = Date.parse('2026-01-01T00:00:00Z');
const STATUSES = ['pending', 'in_progress', 'done', 'archived'] as const;

export function storyOf(n: number): Story {
  const at = new Date(BASE + n * 1000).toISOString();
  return {
    id: idOf('story', n),
    title: `Story ${n}: export the ${['weekly', 'monthly', 'yearly'][n % 3]} report as CSV`,
    description: `As a team lead, I want to export report ${n} so that I can share it with the team.`,
    acceptanceCriteria: ['CSV and PDF', 'Keeps the active filters', `Named "report-${n}.csv"`],
    status: STATUSES[n % STATUSES.length]!,
    createdAt: at,
    updatedAt: at,
  };
}

async function writeAll(dir: string, files: [string, string][]): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (let i = 0; i < files.length; i += 256)
    await Promise.all(files.slice(i, i + 256).map(([name, text]) => writeFile(join(dir, name), text)));
}

/** A file-exists assertion on a file the project holds: cheap to judge, so verify's own cost shows. */
function assertionsOf(storyId: string, count: number): StoredAssertion[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `${storyId.slice(0, 8)}-a${i}`,
    type: 'FILE_EXISTS',
    target: 'README.md',
    message: `README.md exists (${i + 1})`,
    criterion: 0,
  }));
}

export interface ScaleProject {
  dir: string;
  /** The ids of the stories that have assertion sets. */
  specified: string[];
}

export interface ScaleOptions {
  stories: number;
  /** Stories (the first ones) given an assertion set of `assertionsEach` assertions. */
  specified?: number;
  assertionsEach?: number;
  history?: number;
}

export async function makeScaleProject(root: string, o: ScaleOptions): Promise<ScaleProject> {
  const dir = await mkdtemp(join(root, `scale-${o.stories}-`));
  const store = join(dir, '.puffin');
  await mkdir(store, { recursive: true });
  await writeFile(
    join(store, 'store.json'),
    recordText({ version: STORE_VERSION, createdAt: new Date(BASE).toISOString() }),
  );
  await writeFile(join(dir, 'README.md'), '# scale bench project\n');
  const stories = Array.from({ length: o.stories }, (_, i) => storyOf(i + 1));
  await writeAll(
    join(store, FOLDERS.stories.path),
    stories.map((s) => [`${s.id}.json`, recordText(s)]),
  );
  const specified = stories.slice(0, o.specified ?? 0).map((s) => s.id);
  await writeAll(
    join(store, ...FOLDERS.assertions.path.split('/')),
    specified.map((id) => [
      `${id}.json`,
      recordText({ storyId: id, assertions: assertionsOf(id, o.assertionsEach ?? 1) }),
    ]),
  );
  const history = Array.from({ length: o.history ?? 0 }, (_, i): [string, string] => {
    const g = generationOf(i + 1);
    return [`${g.id}.json`, recordText(g)];
  });
  if (history.length > 0) await writeAll(join(store, FOLDERS.history.path), history);
  return { dir, specified };
}

function generationOf(n: number): Generation {
  const at = new Date(BASE + n * 1000).toISOString();
  return {
    id: idOf('generation', n),
    kind: 'derive',
    title: `Reports ${n}`,
    prompt: `Feature request ${n}: export reports as CSV`,
    status: 'succeeded',
    createdAt: at,
    finishedAt: at,
    source: 'structured_output',
    warnings: [],
    meta: {
      provider: 'claude-cli',
      cliVersion: null,
      engineVersion: null,
      costUsd: 0.01,
      turns: 1,
      durationMs: 1000,
      sessionId: null,
      model: null,
    },
    stories: [
      {
        title: `Story of ${n}`,
        description: 'As a user, I want it.',
        acceptanceCriteria: ['It works'],
        locked: false,
      },
    ],
  };
}
