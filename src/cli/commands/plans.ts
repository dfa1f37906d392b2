// The plans journey headless, one subcommand per step (DESIGN §6: one JSON object on stdout, exit 0/1):
//   puffin sprint create --project DIR --stories id1,id2 [--title T]          → {data: Sprint}
//   puffin plan analyze|answer|generate|refine|regenerate-item|restore|approve|ris|assertions
//     --project DIR --sprint ID                                               → {data: SprintDetail}
//     answer --answers-file F       F holds {"q1": "answer", ...}; an empty answer removes one
//     generate [--answers-file F]   the answers are saved before the plan is generated
//     refine --feedback-file F      regenerate-item --story ID [--feedback-file F]
//     restore --revision N          approve [--accept-file-mismatches]
//   puffin plan export --project DIR --sprint ID                              → {data: {path}}
// Everything runs through the app's own services and is stored in DIR/.puffin like the app stores it.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { toIpcError } from '../../main/core/errors';
import type { PlanService } from '../../main/plans/planService';
import { printError, printJson, type CliCommand, type CliIo } from '../command';
import { headlessCore } from './headlessCore';

const OPTIONS = {
  project: { type: 'string' },
  sprint: { type: 'string' },
  stories: { type: 'string' },
  title: { type: 'string' },
  'feedback-file': { type: 'string' },
  'answers-file': { type: 'string' },
  'accept-file-mismatches': { type: 'boolean' },
  story: { type: 'string' },
  revision: { type: 'string' },
} as const;
type Args = { project: string; sprint?: string; stories?: string; title?: string } & Partial<
  Record<'feedback-file' | 'answers-file' | 'story' | 'revision', string>
> & { 'accept-file-mismatches'?: boolean };

class UsageError extends Error {}

function parse(argv: string[], usage: string): Args {
  let values: Partial<Args>;
  try {
    values = parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (err) {
    throw new UsageError(`${(err as Error).message}. ${usage}`);
  }
  if (!values.project) throw new UsageError(`--project is required. ${usage}`);
  return values as Args;
}

async function readText(file: string, what: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    throw new UsageError(`cannot read the ${what} ${file}: ${(err as Error).message}`);
  }
}

async function readAnswers(file: string): Promise<Record<string, string>> {
  let value: unknown;
  try {
    value = JSON.parse(await readText(file, 'answers file'));
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`the answers file is not valid JSON: ${(err as Error).message}`);
  }
  const ok =
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string');
  if (!ok) throw new UsageError('the answers file must be a JSON object {"<questionId>": "<answer>", ...}');
  return value as Record<string, string>;
}

/** The feedback in --feedback-file (trimmed, bounded), or undefined without one; an empty file is refused. */
async function readFeedback(file: string | undefined): Promise<string | undefined> {
  if (!file) return undefined;
  const feedback = (await readText(file, 'feedback file')).trim();
  if (!feedback) throw new UsageError('the feedback file is empty');
  return feedback.slice(0, 50_000);
}

/** Parses, opens the project, runs the step, prints `{data}` or `{error}`; waits for background writes. */
async function run(
  argv: string[],
  io: CliIo,
  usage: string,
  step: (plans: PlanService, args: Args) => Promise<unknown>,
): Promise<number> {
  let args: Args;
  try {
    args = parse(argv, usage);
  } catch (err) {
    return printError(io, 'invalid_arguments', (err as Error).message);
  }
  const h = await headlessCore(io);
  try {
    await h.core.projects.open(args.project);
    const data = await step(h.core.plans, args);
    await h.core.plans.idle();
    printJson(io, { data });
    return 0;
  } catch (err) {
    if (err instanceof UsageError) return printError(io, 'invalid_arguments', err.message);
    const e = toIpcError(err);
    return printError(io, e.code, e.message, e.details === undefined ? undefined : { details: e.details });
  } finally {
    await h.close();
  }
}

const SPRINT_USAGE = 'usage: puffin sprint create --project DIR --stories ID1,ID2 [--title T]';
const planUsage = (name: string, extra = '') =>
  `usage: puffin plan ${name} --project DIR --sprint ID${extra}`;

function sprintId(args: Args, usage: string): string {
  if (!args.sprint) throw new UsageError(`--sprint is required. ${usage}`);
  return args.sprint;
}

function planCommand(
  name: string,
  summary: string,
  step: (plans: PlanService, sprint: string, args: Args) => Promise<unknown>,
  extra = '',
): CliCommand {
  const usage = planUsage(name, extra);
  return {
    path: ['plan', name],
    summary,
    run: (argv, io) => run(argv, io, usage, (plans, args) => step(plans, sprintId(args, usage), args)),
  };
}

export const sprintCreateCommand: CliCommand = {
  path: ['sprint', 'create'],
  summary: 'create a sprint from backlog stories (title generated unless --title)',
  run: (argv, io) =>
    run(argv, io, SPRINT_USAGE, async (plans, args) => {
      const storyIds = (args.stories ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (storyIds.length === 0) throw new UsageError(`--stories is required. ${SPRINT_USAGE}`);
      const sprint = await plans.create({ storyIds, ...(args.title ? { title: args.title } : {}) });
      await plans.idle(); // the generated title is stored before we answer
      return (await plans.get(sprint.id)).sprint;
    }),
};

export const planCommands: CliCommand[] = [
  planCommand('analyze', 'ambiguity questions for a sprint; with none, the plan is generated too', (p, id) =>
    p.analyze(id),
  ),
  planCommand(
    'generate',
    'generate a plan revision (with the saved answers, plus --answers-file)',
    async (p, id, args) => {
      if (args['answers-file']) await p.answer(id, await readAnswers(args['answers-file']));
      return p.generate(id);
    },
    ' [--answers-file F]',
  ),
  planCommand(
    'answer',
    "save answers to the sprint's ambiguity questions (without generating a plan)",
    async (p, id, args) => {
      if (!args['answers-file']) throw new UsageError(`--answers-file is required. ${planUsage('answer')}`);
      return p.answer(id, await readAnswers(args['answers-file']));
    },
    ' --answers-file F',
  ),
  planCommand(
    'refine',
    'refine the current plan with feedback into a new revision',
    async (p, id, args) => {
      const feedback = await readFeedback(args['feedback-file']);
      if (!feedback) throw new UsageError(`--feedback-file is required. ${planUsage('refine')}`);
      return p.refine(id, feedback);
    },
    ' --feedback-file F',
  ),
  planCommand(
    'regenerate-item',
    "regenerate one story's plan item into a new revision; every other item is kept as it is",
    async (p, id, args) => {
      const usage = planUsage('regenerate-item', ' --story ID [--feedback-file F]');
      if (!args.story) throw new UsageError(`--story is required. ${usage}`);
      return p.regenerateItem(id, args.story, await readFeedback(args['feedback-file']));
    },
    ' --story ID [--feedback-file F]',
  ),
  planCommand(
    'restore',
    'make an earlier revision current again (as a new revision; nothing is lost)',
    (p, id, args) => {
      const usage = planUsage('restore', ' --revision N');
      const revision = Number(args.revision);
      if (!args.revision || !Number.isInteger(revision) || revision < 1)
        throw new UsageError(`--revision must be a revision number (1, 2, …). ${usage}`);
      return p.restore(id, revision);
    },
    ' --revision N',
  ),
  planCommand(
    'approve',
    'approve the current revision (refused on graph issues; file mismatches need --accept-file-mismatches)',
    (p, id, args) => p.approve(id, args['accept-file-mismatches'] ?? false),
    ' [--accept-file-mismatches]',
  ),
  planCommand('ris', 'a RIS per story of the approved plan', (p, id) => p.specs(id, ['ris'])),
  planCommand('assertions', 'assertions per story, then the sprint assertions', (p, id) =>
    p.specs(id, ['assertions', 'sprint_assertions']),
  ),
  planCommand('export', 'write docs/puffin/<sprint-slug>.md in the project', (p, id) => p.export(id)),
];
