// `puffin stories derive --project DIR [--model M]` (feature request on stdin) and
// `puffin stories modify --project DIR --feedback-file F [--generation ID] [--lock N,M] [--model M]`.
// Both store the generation in DIR/.puffin/local/history as the app does. data: the stories; meta: the call's
// {cliVersion, costUsd, turns, durationMs, sessionId} with generationId, the title and titleFallback. Both answer
// as soon as the stories are stored: the title is generated while the process still runs, so it is usually the
// local fallback title (titleFallback: true), and a title call still running when the process ends is cancelled.
// A generation that did not succeed is the error object with its generationId and status. The stories are
// drafts under review, not backlog stories: `puffin stories accept` adds them to the backlog (with ids).
// modify works on the stories of --generation, or of the latest succeeded derive/modify generation. Locked
// stories (kept byte-identical) are those locked in that generation plus the 1-based positions given to --lock.
// `puffin stories regenerate --project DIR --story ID|N [--generation ID] [--feedback-file F] [--model M]` rewrites
// one story of a round alone; every other story comes back exactly as stored. --story is a backlog story's id or
// short id (the round it was accepted from, unless --generation) or a 1-based position in the round (the latest
// unless --generation). The round is kept as a revision of its review (.puffin/story-revisions/), as the app does.
import type { Generation } from '../../shared/stories';
import { fallbackTitle } from '../../main/workflows/generateTitle';
import { engineMeta } from '../output';
import { CliFailure, type OutputContext, type CommandSpec, type Payload, type Section6 } from '../spec';
import { errorData } from '../output';
import { storyOfRound } from './storyOfRound';

/** Generation ids made by the headless CLI: valid record ids, sortable, unique enough per project. */
export function headlessId(): string {
  return `cli-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

const MODEL = { flag: 'model', kind: 'string', field: 'model', value: 'M' } as const;

/** The finished generation as the one-object output; its latest stored version carries the title that arrived after it. */
function report(g: Generation, ctx: OutputContext): Section6 {
  const final = ctx.records().find((r) => r.id === g.id) ?? g;
  if (final.status !== 'succeeded')
    throw new CliFailure({
      // The stored error with its evidence (schema paths, the CLI's stderr tail) and what to do about it.
      ...errorData(
        final.error ?? { code: 'internal_error', message: `The generation ended ${final.status}.` },
      ),
      generationId: final.id,
      status: final.status,
    });
  const { cliVersion, costUsd, turns, durationMs, sessionId } = final.meta;
  return {
    data: (final.stories ?? []).map(({ title, description, acceptanceCriteria }) => ({
      title,
      description,
      acceptanceCriteria,
    })),
    source: final.source ?? null,
    warnings: final.warnings,
    meta: {
      cliVersion,
      costUsd,
      turns,
      durationMs,
      sessionId,
      ...engineMeta([final.meta]),
      generationId: final.id,
      title: final.title,
      titleFallback: final.title === fallbackTitle(final.prompt),
      ...(final.grounding ? { read: final.grounding.filesRead } : {}),
    },
  };
}

export const storiesDeriveCommand: CommandSpec<'generation:derive'> = {
  path: ['stories', 'derive'],
  summary: 'derive user stories from a feature request; stored in the project as the app stores them',
  channel: 'generation:derive',
  project: true,
  stdin: { field: 'prompt', what: 'feature request', trim: true },
  flags: [MODEL],
  fixed: () => ({ id: headlessId(), deriveStories: true }),
  answerFirst: true,
  output: report,
};

export const storiesModifyCommand: CommandSpec<'generation:modifyStored'> = {
  path: ['stories', 'modify'],
  summary: 'revise the latest (or --generation) stories with feedback, keeping locked stories unchanged',
  channel: 'generation:modifyStored',
  project: true,
  flags: [
    { flag: 'feedback-file', kind: 'text-file', field: 'feedback', required: true },
    { flag: 'generation', kind: 'string', field: 'generationId', value: 'ID' },
    { flag: 'lock', kind: 'integers', field: 'lock' },
    MODEL,
  ],
  fixed: () => ({ id: headlessId() }),
  answerFirst: true,
  output: report,
};

export const storiesRegenerateCommand: CommandSpec<'generation:regenerateStory'> = {
  path: ['stories', 'regenerate'],
  summary:
    "rewrite one story (--story: a backlog story's id or short id, or a 1-based position) of its round, the others unchanged",
  channel: 'generation:regenerateStory',
  project: true,
  flags: [
    { flag: 'story', kind: 'string', field: 'story', required: true, value: 'ID|N' },
    { flag: 'generation', kind: 'string', field: 'generationId', value: 'ID' },
    { flag: 'feedback-file', kind: 'text-file', field: 'feedback' },
    MODEL,
  ],
  fixed: () => ({ id: headlessId() }),
  async resolve({ story, generationId, ...rest }: Payload, ctx) {
    const { generation, index } = await storyOfRound(ctx, String(story), generationId);
    return { ...rest, parentId: generation.id, index };
  },
  answerFirst: true,
  output: report,
};
