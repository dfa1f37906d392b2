// `puffin assertions evaluate --project DIR (--story ID | --assertions FILE) [--no-save]`
// Prints {"data": {results, summary, commit, …}}; exit 1 when any assertion fails or errors, so it can gate CI.
// --story ID reads `<project>/.puffin/assertions/<ID>.json` ({storyId, assertions}) and appends the run to
// `<project>/.puffin/assertions/results/<ID>.json` unless --no-save.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { AssertionResult } from '../../shared/assertions';
import {
  AssertionInputError,
  appendRun,
  evaluateAssertions,
  readAssertionsFile,
  readStoryAssertions,
  type RawAssertion,
} from '../../main/assertions';
import { printError, printJson, type CliCommand, type CliIo } from '../command';

interface Args {
  project?: string;
  story?: string;
  assertions?: string;
  save: boolean;
}

const USAGE = 'usage: puffin assertions evaluate --project DIR (--story ID | --assertions FILE) [--no-save]';

function parseArgs(argv: string[]): Args | string {
  const args: Args = { save: true };
  for (let i = 0; i < argv.length; i++) {
    const raw = argv[i]!;
    const eq = raw.indexOf('=');
    const flag = raw.startsWith('--') && eq !== -1 ? raw.slice(0, eq) : raw;
    const inline = raw.startsWith('--') && eq !== -1 ? raw.slice(eq + 1) : undefined;
    if (flag === '--no-save') {
      args.save = false;
      continue;
    }
    if (flag !== '--project' && flag !== '--story' && flag !== '--assertions')
      return `unknown argument "${raw}". ${USAGE}`;
    const value = inline ?? argv[++i];
    if (value === undefined || value === '') return `${flag} needs a value. ${USAGE}`;
    args[flag.slice(2) as 'project' | 'story' | 'assertions'] = value;
  }
  if (!args.project) return `--project is required. ${USAGE}`;
  if (args.story && args.assertions) return `give either --story or --assertions, not both. ${USAGE}`;
  if (!args.story && !args.assertions) return `give --story ID or --assertions FILE. ${USAGE}`;
  return args;
}

function row(a: RawAssertion, r: AssertionResult): Record<string, unknown> {
  return {
    id: r.assertionId,
    type: a.type,
    target: a.target,
    message: a.message ?? '',
    ...(a.criterion !== undefined ? { criterion: a.criterion } : {}),
    status: r.status,
    reason: r.reason,
    location: r.location ?? null,
    durationMs: r.durationMs,
  };
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === 'string') return printError(io, 'invalid_arguments', args);
  const project = path.resolve(args.project!);
  const s = await stat(project).catch(() => null);
  if (!s?.isDirectory()) return printError(io, 'project_not_found', `project folder not found: ${project}`);

  let assertions: RawAssertion[];
  try {
    assertions = args.story
      ? await readStoryAssertions(project, args.story)
      : await readAssertionsFile(path.resolve(args.assertions!));
  } catch (err) {
    if (err instanceof AssertionInputError) return printError(io, err.code, err.message);
    throw err;
  }

  const result = await evaluateAssertions(project, assertions);
  const warnings: string[] = [];
  let saved: string | null = null;
  if (args.story && args.save) {
    const outcome = await appendRun(project, args.story, result);
    saved = outcome.path;
    if (outcome.movedAside) {
      warnings.push(
        `previous results file was unreadable (${outcome.movedAside.reason}); kept as ${outcome.movedAside.path}`,
      );
    }
  }
  printJson(io, {
    data: {
      project,
      ...(args.story ? { storyId: args.story } : {}),
      results: result.results.map((r, i) => row(assertions[i]!, r)),
      summary: result.summary,
      commit: result.commit,
      startedAt: result.startedAt,
      durationMs: result.durationMs,
      saved,
      warnings,
    },
  });
  return result.summary.failed + result.summary.errors > 0 ? 1 : 0;
}

export const assertionsEvaluateCommand: CliCommand = {
  path: ['assertions', 'evaluate'],
  summary: "Evaluate a story's (or a file's) assertions against a project; exit 1 when any fails",
  run,
};
