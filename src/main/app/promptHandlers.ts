/** Handlers of the one-off model calls (src/shared/ipc/promptChannels.ts): a raw prompt, legacy extraction, a title. */
import type { promptSchemas } from '../../shared/ipc/promptChannels';
import { refuseTooBroad } from '../base/tooBroad';
import { stat } from 'node:fs/promises';
import type { GroundingProvider } from '../llm/grounding/callGrounding';
import { groundingRequestOf } from '../llm/grounding/groundingRequest';
import { readProjectSettings } from '../projectContext/readProjectSettings';
import { projectContext } from '../workflows/promptParts';
import { extractLegacy } from '../engines/claude-cli/legacy/extractLegacy';
import type { SendPrompt, SendPromptResult } from '../llm/promptTypes';
import { TEXT_ANSWER } from '../workflows/cliPrompt';
import { generateTitle } from '../workflows/generateTitle';
import type { Handlers } from './dispatcher';
import { ServiceError } from '../base/errors';
import { folderForFace } from './faceReach';
import { runMeta } from './promptRuns';
import type { Services } from './services';

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

export function promptHandlers(services: Services): Pick<Handlers, keyof typeof promptSchemas> {
  const { sendPrompt, prompts, projects, logBus } = services;
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
  };
}
