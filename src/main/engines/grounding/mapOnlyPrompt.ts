/**
 * The grounding of an engine that cannot call tools (Ollama's /api/chat here): the repo map instead of the tools.
 * The workflow's grounding section (groundingPrompt.ts, always appended last) tells a model to Glob, Grep and Read;
 * it is replaced by a section that says this engine only has the map, and a larger map (the default budget
 * instead of the CLI's small one), built under the same policy by the root's builders (repoMaps.ts), rebuilt incrementally.
 */
import { realpath } from 'node:fs/promises';
import type { GroundingRequest } from '../../llm/grounding/groundingRequest';
import { buildProjectMap } from '../../llm/grounding/repoMap/projectMap';
import { DEFAULT_MAP_BUDGET_TOKENS } from '../../llm/grounding/repoMap/repoMap';

/** The heading groundingPromptSection starts with. */
const TOOLS_SECTION = '## The project is open for reading';
export const MAP_ONLY_HEADING = '## The project, as a map';

export async function mapOnlyPrompt(
  prompt: string,
  grounding: GroundingRequest,
  signal?: AbortSignal,
): Promise<string> {
  const root = await realpath(grounding.root);
  const map = await buildProjectMap(
    {
      root,
      allow: grounding.allow ?? [],
      budgetTokens: DEFAULT_MAP_BUDGET_TOKENS,
      ...(signal ? { signal } : {}),
    },
    grounding.mapPlacement ?? 'in-process',
  );
  const at = prompt.lastIndexOf(TOOLS_SECTION);
  const base = (at >= 0 ? prompt.slice(0, at) : prompt).trimEnd();
  return [
    base,
    '',
    MAP_ONLY_HEADING,
    'This engine cannot open files: the map below is what you know of the project (its files, sizes, manifests ' +
      'and exported symbols). Name only files it lists, or files the work will create; never guess a path.',
    '',
    map.text.trim(),
  ].join('\n');
}
