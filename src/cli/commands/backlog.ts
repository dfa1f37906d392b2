// `puffin stories accept --project DIR [--generation ID] [--only 1,3]`: the reviewed drafts of a generation (the
// latest succeeded derive/modify unless --generation) become backlog stories, through `stories:accept` as the
// app's Accept does; --only takes the 1-based positions `stories derive`/`modify` printed. data: {added,
// alreadyInBacklog}: the stories added, with their ids (what `puffin sprint create --stories` takes), and those
// of the drafts asked for that an earlier accept of the same generation added already (accepting is idempotent).
// `puffin stories list --project DIR [--status S] [--query TEXT] [--limit N] [--offset M]`: the backlog through
// `stories:page`, filtered by status and by words found in the title, description or acceptance criteria (all of
// them, any case).
// Every story printed carries its short id (`shortId`, PUF-xxxx), which every --story/--stories option takes.
import type { Generation, StoryDraft, StoryStatus } from '../../shared/stories';
import { latestWithStories } from '../../shared/storySearch';
import { acceptedStoryIds } from '../../main/store/acceptedIds';
import { withShortIds } from '../../shared/shortIds';
import { STORY_PAGE_LIMITS, type StoryPage } from '../../shared/storyPage';
import { CliFailure, type CommandSpec, type FlagSpec, type OutputContext, type Payload } from '../spec';

const STATUSES: readonly StoryStatus[] = ['pending', 'in_progress', 'done', 'archived'];

/** The generation of a headless round: the given one, else the latest succeeded one with stories. */
export async function generationWithStories(ctx: OutputContext, id: unknown): Promise<Generation> {
  const history = await ctx.call('history:list', {});
  if (id === undefined) {
    const latest = latestWithStories(history);
    if (!latest)
      throw new CliFailure({
        code: 'not_found',
        message:
          'This project has no generation with stories yet; derive stories first (`puffin stories derive`).',
      });
    return latest;
  }
  const g = history.find((h) => h.id === id);
  if (!g)
    throw new CliFailure({
      code: 'not_found',
      message: `There is no generation ${String(id)} in this project: give the meta.generationId that \`puffin stories derive\`, \`modify\` or \`regenerate\` printed, or leave --generation out for the latest.`,
    });
  if (!g.stories?.length)
    throw new CliFailure({ code: 'not_found', message: `Generation ${g.id} has no stories.` });
  return g;
}

/** The drafts at the 1-based positions (all when none are given); a position outside the list is refused. */
export function pickDrafts(g: Generation, only: readonly unknown[] | undefined): StoryDraft[] {
  const stories = g.stories ?? [];
  const positions = only ?? stories.map((_, i) => i + 1);
  const outside = positions.filter(
    (n) => !Number.isInteger(n) || (n as number) < 1 || (n as number) > stories.length,
  );
  if (outside.length > 0)
    throw new CliFailure({
      code: 'invalid_arguments',
      message: `--only ${outside.join(',')}: generation ${g.id} has ${stories.length} stories (1 to ${stories.length}).`,
    });
  return positions.map((n) => {
    const { title, description, acceptanceCriteria } = stories[(n as number) - 1]!;
    return { title, description, acceptanceCriteria };
  });
}

/** The one-object output of a command that calls no model. */
const noModel = (data: unknown, meta: object = {}) => ({ data, source: null, warnings: [], meta });

const GENERATION: FlagSpec = { flag: 'generation', kind: 'string', field: 'generationId', value: 'ID' };
const ONLY: FlagSpec = { flag: 'only', kind: 'integers', field: 'only' };
const STATUS: FlagSpec = { flag: 'status', kind: 'string', field: 'status', value: 'S' };
const QUERY: FlagSpec = { flag: 'query', kind: 'string', field: 'query', value: 'TEXT' };
const LIMIT: FlagSpec = { flag: 'limit', kind: 'integer', field: 'limit', value: 'N' };
const OFFSET: FlagSpec = { flag: 'offset', kind: 'integer', field: 'offset', value: 'M' };

export const storiesAcceptCommand: CommandSpec<'stories:accept'> = {
  path: ['stories', 'accept'],
  summary:
    'add the reviewed stories of the latest (or --generation) generation to the backlog, with ids (once: a rerun adds nothing)',
  channel: 'stories:accept',
  project: true,
  flags: [GENERATION, ONLY],
  async resolve(payload: Payload, ctx) {
    const g = await generationWithStories(ctx, payload.generationId);
    return { generationId: g.id, drafts: pickDrafts(g, payload.only as unknown[] | undefined) };
  },
  output: async (added, ctx) => {
    const { generationId, drafts } = ctx.request() as { generationId: string; drafts: StoryDraft[] };
    const asked = new Set(acceptedStoryIds(generationId, drafts));
    const addedIds = new Set(added.map((s) => s.id));
    const backlog = await ctx.call('stories:list', {});
    const alreadyInBacklog = backlog.filter((s) => asked.has(s.id) && !addedIds.has(s.id));
    const all = backlog.map((s) => s.id);
    return noModel({
      added: withShortIds(added, all),
      alreadyInBacklog: withShortIds(alreadyInBacklog, all),
    });
  },
};

export const storiesListCommand: CommandSpec<'stories:page'> = {
  path: ['stories', 'list'],
  summary:
    'list the backlog, optionally only one --status and the stories matching --query; --limit N from --offset M',
  channel: 'stories:page',
  project: true,
  flags: [STATUS, QUERY, LIMIT, OFFSET],
  // Filtered and paged by the store's index: a page costs the same whatever the backlog's size.
  before: (payload) => {
    const { status, query, limit, offset } = payload;
    if (status !== undefined && !STATUSES.includes(status as StoryStatus))
      throw new CliFailure({
        code: 'invalid_arguments',
        message: `--status ${String(status)}: give one of ${STATUSES.join(', ')}.`,
      });
    for (const flag of ['limit', 'offset'] as const) {
      const n = payload[flag];
      if (n !== undefined && !(typeof n === 'number' && n >= 0))
        throw new CliFailure({
          code: 'invalid_arguments',
          message: `--${flag} takes a whole number, 0 or more.`,
        });
    }
    const first = typeof limit === 'number' ? Math.min(limit, STORY_PAGE_LIMITS.max) : STORY_PAGE_LIMITS.max;
    return {
      calls: [],
      payload: {
        ...(typeof offset === 'number' ? { offset } : {}),
        ...(first > 0 ? { limit: first } : { limit: 1 }),
        ...(status !== undefined ? { statuses: [status] } : {}),
        ...(typeof query === 'string' ? { query } : {}),
      },
    };
  },
  output: async (page: StoryPage, ctx, args) => {
    const offset = typeof args.offset === 'number' ? args.offset : 0;
    const want = typeof args.limit === 'number' ? args.limit : Infinity;
    const stories = want === 0 ? [] : [...page.stories];
    // A page holds at most STORY_PAGE_LIMITS.max stories: the rest of what was asked for comes page by page.
    while (stories.length < Math.min(want, page.matching - offset)) {
      const next = await ctx.call('stories:page', {
        ...(ctx.request() as object),
        offset: offset + stories.length,
        limit: Math.min(STORY_PAGE_LIMITS.max, want - stories.length),
      });
      if (next.stories.length === 0) break;
      stories.push(...next.stories);
    }
    const paged = typeof args.limit === 'number' || offset > 0 ? { matching: page.matching, offset } : {};
    return noModel(stories, { total: page.total, shown: stories.length, ...paged });
  },
};
