/** Handlers of the channels the headless command line needs beyond the app's (src/shared/ipc/toolChannels.ts). */
import { refuseTooBroad } from '../base/tooBroad';
import type { Generation } from '../../shared/stories';
import { latestWithStories } from '../../shared/storySearch';
import { evaluateSet } from '../assertions/evaluateSet';
import { stat } from 'node:fs/promises';
import type { GroundingProvider } from '../llm/grounding/callGrounding';
import { groundingRequestOf } from '../llm/grounding/groundingRequest';
import { readProjectSettings } from '../projectContext/readProjectSettings';
import { projectContext } from '../workflows/promptParts';
import { extractLegacy } from '../engines/claude-cli/legacy/extractLegacy';
import type { SendPrompt, SendPromptResult } from '../llm/promptTypes';
import type { HistoryRepo } from '../store/historyRepo';
import { TEXT_ANSWER } from '../workflows/cliPrompt';
import { generateTitle } from '../workflows/generateTitle';
import type { Handlers } from './dispatcher';
import { ServiceError } from '../base/errors';
import { folderForFace } from './faceReach';
import { runMeta } from './promptRuns';
import type { Services } from './services';

type ToolChannel =
  'prompt:run' | 'extract:legacy' | 'title:generate' | 'assertions:evaluate' | 'generation:modifyStored';

/** The generation a modify round starts from: the given one, else the latest succeeded derive/modify. */
async function baseGeneration(history: HistoryRepo, id: string | undefined): Promise<Generation> {
  if (id) {
    const g = await history.get(id);
    if (!g) throw new ServiceError('not_found', `There is no generation ${id} in this project.`);
    if (!g.stories?.length) throw new ServiceError('not_found', `Generation ${id} has no stories to modify.`);
    return g;
  }
  const latest = latestWithStories(await history.list());
  if (!latest)
    throw new ServiceError(
      'not_found',
      'This project has no generation with stories yet; derive stories first (`puffin stories derive`).',
    );
  return latest;
}

/** `puffin prompt --project DIR`: the folder must exist; its project settings' allowed paths apply. */
/**
 * `puffin prompt --project DIR`: the folder must exist; its project context leads the prompt and (unless
 * `--hermetic`) the call is grounded in it, with its allowed paths.
 */
async function promptIn(folder: string, hermetic: boolean, provide: GroundingProvider) {
  refuseTooBroad(folder);
  const info = await stat(folder).catch(() => null);
  if (!info?.isDirectory()) throw new ServiceError('not_found', `The folder ${folder} does not exist.`);
  const settings = await readProjectSettings(folder);
  const grounding = hermetic
    ? undefined
    : await provide(folder, { allowSensitive: settings?.allowSensitive ?? [] });
  return { context: settings ? projectContext(settings) : '', grounding };
}

export function toolHandlers(services: Services): Pick<Handlers, ToolChannel> {
  const { sendPrompt, prompts, projects, generation, logBus } = services;
  const titleLog = logBus.logger('title');
  return {
    'prompt:run': async (req, ctx) => {
      const { prompt, schema, envelope, maxTurns, model, hermetic } = req;
      const { provider, baseUrl, mode } = req;
      if (envelope && !schema)
        throw new ServiceError(
          'invalid_payload',
          'An envelope names a key of the schema: give the schema too.',
        );
      const project = req.project && (await folderForFace(ctx, projects.get()?.path, req.project));
      const place = project ? await promptIn(project, hermetic === true, services.grounding) : undefined;
      const grounded = place?.grounding;
      const answer = schema ? { schema, ...(envelope ? { envelope } : {}) } : TEXT_ANSWER;
      return prompts.run({
        workflow: 'cli-prompt',
        prompt: [place?.context, prompt, grounded?.promptSection].filter(Boolean).join('\n\n'),
        ...answer,
        ...(maxTurns ? { maxTurns } : {}),
        ...(model ? { model } : {}),
        ...(provider ? { provider } : {}),
        ...(baseUrl ? { baseUrl } : {}),
        ...(mode ? { mode } : {}),
        ...(grounded ? { grounding: groundingRequestOf(grounded) } : {}),
      });
    },
    'extract:legacy': ({ text, expect }) => {
      const r = extractLegacy(text, { expect: expect ?? 'any' });
      if (!r.ok) throw new ServiceError(r.code, r.message);
      return { data: r.data, strategy: r.strategy, repaired: r.repaired };
    },
    'title:generate': ({ text }) =>
      prompts.track(async (signal) => {
        // The title workflow keeps its result to itself; this sees the call's source, warnings and meta.
        let last: SendPromptResult | undefined;
        const seen = (async (req: Parameters<SendPrompt>[0]) => (last = await sendPrompt(req))) as SendPrompt;
        const t = await generateTitle({ sendPrompt: seen, logger: titleLog }, text, { signal });
        const answered = !t.fallback && last ? last : undefined;
        return {
          title: t.title,
          fallback: t.fallback,
          source: answered?.source ?? null,
          warnings: [
            ...(answered?.warnings ?? []),
            ...(t.error ? [`title generation failed (${t.error.code}): ${t.error.message}`] : []),
          ],
          meta: answered ? runMeta(answered.meta) : null,
        };
      }),
    'assertions:evaluate': async (req, ctx) =>
      evaluateSet({ ...req, project: await folderForFace(ctx, projects.get()?.path, req.project) }),
    'generation:modifyStored': async ({ id, generationId, feedback, lock = [], model }) => {
      const base = await baseGeneration(projects.requireStore().history, generationId);
      const stories = base.stories ?? [];
      const outside = lock.filter((n) => n > stories.length);
      if (outside.length > 0)
        throw new ServiceError(
          'invalid_payload',
          `lock ${outside.join(',')}: generation ${base.id} has ${stories.length} stories.`,
        );
      return generation.modify({
        id,
        parentId: base.id,
        feedback,
        stories: stories.map((s, i) => ({ ...s, locked: s.locked || lock.includes(i + 1) })),
        ...(model ? { model } : {}),
      });
    },
  };
}
