// `puffin stories derive --project DIR [--model M]` (feature request on stdin) and
// `puffin stories modify --project DIR --feedback-file F [--generation ID] [--lock N,M] [--model M]`.
// Both run through the app's own services and store the generation in DIR/.puffin/history like the app does.
// Output (DESIGN §6): {"data": [stories], "source", "warnings", "meta": {cliVersion, costUsd, turns, durationMs,
// sessionId, generationId, title}} and exit 0, or {"error": {code, message, generationId?}} and exit 1.
// modify works on the stories of --generation, or of the latest succeeded derive/modify generation. Locked
// stories (kept byte-identical) are those locked in that generation plus the 1-based positions given to --lock.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { Generation, ReviewDraft } from '../../shared/stories';
import { toIpcError } from '../../main/core/errors';
import { printError, printJson, readAll, type CliCommand, type CliIo } from '../command';
import { headlessCore, headlessId, type Headless } from './headlessCore';

const DERIVE_USAGE = 'usage: puffin stories derive --project DIR [--model M]  (feature request on stdin)';
const MODIFY_USAGE =
  'usage: puffin stories modify --project DIR --feedback-file F [--generation ID] [--lock N,M] [--model M]';

function parse(argv: string[], extra: Record<string, { type: 'string' }>, usage: string) {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { project: { type: 'string' }, model: { type: 'string' }, ...extra },
      strict: true,
      allowPositionals: false,
    });
    if (!values.project) return `--project is required. ${usage}`;
    return values as Record<string, string | undefined> & { project: string };
  } catch (err) {
    return `${(err as Error).message}. ${usage}`;
  }
}

/** Prints a finished generation the §6 way; waits for its title so it is stored before the process ends. */
async function report(io: CliIo, h: Headless, g: Generation): Promise<number> {
  await h.core.generation.idle();
  const final = (await h.core.projects.requireStore().history.get(g.id)) ?? g;
  if (final.status !== 'succeeded')
    return printError(io, final.error?.code ?? final.status, final.error?.message ?? final.status, {
      generationId: final.id,
      status: final.status,
    });
  const { cliVersion, costUsd, turns, durationMs, sessionId } = final.meta;
  printJson(io, {
    data: (final.stories ?? []).map(({ title, description, acceptanceCriteria }) => ({
      title,
      description,
      acceptanceCriteria,
    })),
    source: final.source,
    warnings: final.warnings,
    meta: { cliVersion, costUsd, turns, durationMs, sessionId, generationId: final.id, title: final.title },
  });
  return 0;
}

/** Opens the project and runs `body`; any service failure becomes the §6 error object. */
async function withProject(
  io: CliIo,
  project: string,
  body: (h: Headless) => Promise<number>,
): Promise<number> {
  const h = await headlessCore(io);
  try {
    await h.core.projects.open(project);
    return await body(h);
  } catch (err) {
    const e = toIpcError(err);
    return printError(io, e.code, e.message);
  } finally {
    await h.close();
  }
}

async function derive(argv: string[], io: CliIo): Promise<number> {
  const args = parse(argv, {}, DERIVE_USAGE);
  if (typeof args === 'string') return printError(io, 'invalid_arguments', args);
  const prompt = await readAll(io.stdin);
  if (prompt.trim() === '')
    return printError(io, 'invalid_arguments', `the feature request (stdin) is empty. ${DERIVE_USAGE}`);
  return withProject(io, args.project, async (h) => {
    const g = await h.core.generation.derive({
      id: headlessId(),
      prompt: prompt.slice(0, 200_000),
      deriveStories: true,
      ...(args.model ? { model: args.model } : {}),
    });
    return report(io, h, g);
  });
}

function parseLock(value: string | undefined): Set<number> | string {
  if (!value) return new Set();
  const parts = value.split(',').map((p) => Number(p.trim()));
  if (parts.some((n) => !Number.isInteger(n) || n < 1))
    return `--lock takes 1-based story positions, e.g. 1,3. ${MODIFY_USAGE}`;
  return new Set(parts.map((n) => n - 1));
}

async function baseGeneration(h: Headless, id: string | undefined): Promise<Generation | string> {
  const history = h.core.projects.requireStore().history;
  if (id) {
    const g = await history.get(id);
    if (!g) return `There is no generation ${id} in this project.`;
    if (!g.stories?.length) return `Generation ${id} has no stories to modify.`;
    return g;
  }
  const latest = (await history.list()).find(
    (g) => (g.kind === 'derive' || g.kind === 'modify') && g.status === 'succeeded' && g.stories?.length,
  );
  return latest ?? 'This project has no generation with stories yet; run `puffin stories derive` first.';
}

async function modify(argv: string[], io: CliIo): Promise<number> {
  const args = parse(
    argv,
    { 'feedback-file': { type: 'string' }, generation: { type: 'string' }, lock: { type: 'string' } },
    MODIFY_USAGE,
  );
  if (typeof args === 'string') return printError(io, 'invalid_arguments', args);
  if (!args['feedback-file'])
    return printError(io, 'invalid_arguments', `--feedback-file is required. ${MODIFY_USAGE}`);
  const lock = parseLock(args.lock);
  if (typeof lock === 'string') return printError(io, 'invalid_arguments', lock);
  let feedback: string;
  try {
    feedback = (await readFile(args['feedback-file'], 'utf8')).trim();
  } catch (err) {
    return printError(
      io,
      'invalid_arguments',
      `cannot read ${args['feedback-file']}: ${(err as Error).message}`,
    );
  }
  if (!feedback) return printError(io, 'invalid_arguments', `the feedback file is empty. ${MODIFY_USAGE}`);
  return withProject(io, args.project, async (h) => {
    const base = await baseGeneration(h, args.generation);
    if (typeof base === 'string') return printError(io, 'not_found', base);
    const stories: ReviewDraft[] = base.stories!.map((s, i) => ({ ...s, locked: s.locked || lock.has(i) }));
    const outOfRange = [...lock].filter((i) => i >= stories.length);
    if (outOfRange.length)
      return printError(
        io,
        'invalid_arguments',
        `--lock ${outOfRange.map((i) => i + 1).join(',')}: generation ${base.id} has ${stories.length} stories.`,
      );
    const g = await h.core.generation.modify({
      id: headlessId(),
      parentId: base.id,
      feedback: feedback.slice(0, 50_000),
      stories,
      ...(args.model ? { model: args.model } : {}),
    });
    return report(io, h, g);
  });
}

export const storiesDeriveCommand: CliCommand = {
  path: ['stories', 'derive'],
  summary: 'derive user stories from a feature request (stdin); stored in the project like the app does',
  run: derive,
};

export const storiesModifyCommand: CliCommand = {
  path: ['stories', 'modify'],
  summary: 'revise the latest (or --generation) stories with feedback, keeping locked stories unchanged',
  run: modify,
};
