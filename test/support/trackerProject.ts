// A project for tracker tests: a git repository with one sprint story of two criteria, each proven by its own
// assertion; the first passes at the first commit, the second once `proveAll` commits the missing export.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createGitFixture, type GitFixture } from './gitFixture';
import { seedSprintStory } from './proofProject';

export interface TrackerProject {
  repo: GitFixture;
  storyId: string;
  /** Commits what makes the second criterion pass. */
  proveAll(): Promise<string>;
}

/** The story, its sprint and assertions, and the file that proves only the first criterion (not committed). */
export async function seedTrackerStory(dir: string): Promise<string> {
  const { storyId } = await seedSprintStory(dir, {
    story: {
      title: 'Export the backlog',
      description: 'As a PM I want a CSV.',
      acceptanceCriteria: ['A module exists', 'It exports toCsv'],
    },
    sprintTitle: 'Export',
    assertions: [
      { id: 'mod', type: 'FILE_EXISTS', target: 'src/csv.ts', message: 'module exists', criterion: 'AC1' },
      {
        id: 'fn',
        type: 'EXPORT_EXISTS',
        target: 'src/csv.ts',
        message: 'exports toCsv',
        criterion: 'AC2',
        assertion: { exports: [{ name: 'toCsv' }] },
      },
    ],
  });
  await mkdir(path.join(dir, 'src'), { recursive: true });
  await writeFile(path.join(dir, 'src', 'csv.ts'), 'export const version = 1;\n');
  return storyId;
}

export async function createTrackerProject(prefix: string): Promise<TrackerProject> {
  const repo = await createGitFixture(prefix);
  const storyId = await seedTrackerStory(repo.dir);
  await repo.commit('module without toCsv');
  return {
    repo,
    storyId,
    async proveAll() {
      await repo.write({ 'src/csv.ts': 'export function toCsv() { return ""; }\n' });
      return repo.commit('add toCsv');
    },
  };
}

/** What every GitHub export or sync of a tracker project's sprint to the loopback API starts from. */
export function githubTarget(project: TrackerProject, api: { url: string; token: string }) {
  return {
    projectDir: project.repo.dir,
    sprintId: 'sprint-1',
    repo: 'octo/app',
    apiUrl: api.url,
    token: { env: { GITHUB_TOKEN: api.token } },
    budget: { sleep: async () => {} },
  };
}
