// Which story of a stories round `puffin stories regenerate --story` means: ids first (a backlog story's full or
// short id: the draft it was accepted as, in the round it came from unless --generation names another), else a
// 1-based position in the round (the latest unless --generation), as the command has always taken.
import type { Generation } from '../../shared/stories';
import { shortId } from '../../shared/shortIds';
import { acceptedStoryIds } from '../../main/store/acceptedIds';
import { resolveRef } from '../refs';
import { CliFailure, type OutputContext } from '../spec';
import { generationWithStories } from './backlog';

export async function storyOfRound(
  ctx: OutputContext,
  text: string,
  generationId: unknown,
): Promise<{ generation: Generation; index: number }> {
  const backlog = await ctx.call('stories:list', {});
  const id = resolveRef('story', 'story', text, backlog);
  const story = backlog.find((s) => s.id === id);
  if (!story) return byPosition(ctx, text, generationId);
  const round = generationId ?? story.generationId;
  const short = shortId(
    story.id,
    backlog.map((s) => s.id),
  );
  if (round === undefined)
    throw new CliFailure({
      code: 'not_found',
      message: `--story ${text}: story ${short} was not accepted from a generation; give --generation ID and the story's 1-based position in it.`,
    });
  const generation = await generationWithStories(ctx, round);
  const index = acceptedStoryIds(generation.id, generation.stories ?? []).indexOf(story.id);
  if (index === -1)
    throw new CliFailure({
      code: 'not_found',
      message: `--story ${text}: story ${short} was not accepted from generation ${generation.id}; give the story's 1-based position in it instead.`,
    });
  return { generation, index };
}

async function byPosition(ctx: OutputContext, text: string, generationId: unknown) {
  if (!/^\d+$/.test(text))
    throw new CliFailure({
      code: 'not_found',
      message: `--story ${text}: no story of the backlog has this id; give a story id, its short id (\`puffin stories list --project DIR\` lists them) or a 1-based position.`,
    });
  const generation = await generationWithStories(ctx, generationId);
  const count = generation.stories?.length ?? 0;
  const n = Number(text);
  if (n < 1 || n > count)
    throw new CliFailure({
      code: 'invalid_arguments',
      message: `--story ${text}: generation ${generation.id} has ${count} stories (1 to ${count}).`,
    });
  return { generation, index: n - 1 };
}
