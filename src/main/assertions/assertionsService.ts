// The assertions panel's service: lists stored assertion sets per story, runs them, records the runs.
import type { Assertion, StoryAssertionsView } from '../../shared/assertions';
import type { Logger } from '../base/logger';
import { ServiceError } from '../base/errors';
import { requireInsideProject } from '../base/insideProject';
import { firstPassed, latestResults } from './history';
import { readStoryAssertions } from './input';
import { appendRun, readHistory } from './resultStore';
import { coverage } from './selfCheck';
import { storyIdsWithSets } from './storySets';

export interface StoryFacts {
  title: string;
  acceptanceCriteria: string[];
}

export interface AssertionsServiceDeps {
  /** The opened project's folder, or null. */
  projectDir: () => string | null;
  /** Title and criteria of a backlog story, when it exists. */
  story: (storyId: string) => Promise<StoryFacts | undefined>;
  log: Logger;
}

function requireProject(deps: AssertionsServiceDeps): string {
  const dir = deps.projectDir();
  if (!dir) throw new ServiceError('no_project', 'Open a project first.');
  return dir;
}

export function createAssertionsService(deps: AssertionsServiceDeps) {
  async function view(projectDir: string, storyId: string): Promise<StoryAssertionsView> {
    const facts = await deps.story(storyId);
    const base: StoryAssertionsView = {
      storyId,
      storyTitle: facts?.title ?? null,
      assertions: [],
      latest: {},
      firstPassed: {},
      lastRun: null,
      coverage: null,
      problem: null,
    };
    let assertions: Assertion[];
    try {
      // The engine checks type-specific fields per assertion at evaluation time; the envelope is checked here.
      assertions = (await readStoryAssertions(projectDir, storyId)) as unknown as Assertion[];
    } catch (err) {
      return { ...base, problem: (err as Error).message };
    }
    const history = await readHistory(projectDir, storyId);
    const runs = history.kind === 'ok' ? history.history.runs : [];
    const last = runs[runs.length - 1];
    return {
      ...base,
      assertions,
      latest: history.kind === 'ok' ? latestResults(history.history) : {},
      firstPassed: history.kind === 'ok' ? firstPassed(history.history) : {},
      lastRun: last ? { startedAt: last.startedAt, commit: last.commit, summary: last.summary } : null,
      coverage: facts ? coverage(facts.acceptanceCriteria, assertions) : null,
      problem: history.kind === 'corrupt' ? `Result history unreadable: ${history.reason}` : null,
    };
  }

  return {
    async list(): Promise<StoryAssertionsView[]> {
      const projectDir = requireProject(deps);
      const ids = (await storyIdsWithSets(projectDir)).sort();
      return Promise.all(ids.map((id) => view(projectDir, id)));
    },

    /** Runs all (or the named) assertions of a story, stores the run, and returns the refreshed view. */
    async run(storyId: string, assertionIds?: string[]): Promise<StoryAssertionsView> {
      const projectDir = requireProject(deps);
      let all;
      try {
        all = await readStoryAssertions(projectDir, storyId);
      } catch (err) {
        throw new ServiceError('not_found', (err as Error).message);
      }
      const chosen = assertionIds ? all.filter((a) => assertionIds.includes(String(a.id))) : all;
      if (chosen.length === 0) throw new ServiceError('not_found', `No such assertion in story ${storyId}.`);
      // Loaded on first use: the evaluators bring TypeScript, postcss and css-tree.
      const { evaluateAssertions } = await import('./evaluate');
      const run = await evaluateAssertions(projectDir, chosen);
      const saved = await appendRun(projectDir, storyId, run);
      if (saved.movedAside)
        deps.log.error(
          `Assertion history of ${storyId} was unreadable; kept aside as ${saved.movedAside.path}.`,
        );
      const s = run.summary;
      deps.log.info(`Assertions of ${storyId}: ${s.passed} passed, ${s.failed} failed, ${s.errors} errors`, {
        commit: run.commit,
      });
      return view(projectDir, storyId);
    },

    /** Absolute path of a project file, refusing anything outside the project, also through symbolic links. */
    resolveLocation(file: string): Promise<string> {
      return requireInsideProject(requireProject(deps), file);
    },
  };
}

export type AssertionsService = ReturnType<typeof createAssertionsService>;
