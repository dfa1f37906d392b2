/**
 * What a grounded workflow call gets from its project: the folder, the sensitive or ignored paths the project
 * settings allow, and the prompt section with a repo map (kept per project, rebuilt incrementally). A map that
 * cannot be built costs the call its map, not its grounding.
 */
import type { Logger } from '../../core/logger';
import { groundingPromptSection } from './groundingPrompt';
import { loadGroundingPolicy } from './loadPolicy';
import type { GroundingRequest } from './groundingRequest';
import { RepoMaps } from './repoMaps';

export interface CallGrounding extends GroundingRequest {
  /** Appended to the workflow's prompt. */
  promptSection: string;
}

/** The project settings a grounded call reads. */
export interface GroundingSettings {
  allowSensitive?: readonly string[];
}

/** The grounding of a call in the project at `root`; undefined: the call stays hermetic. */
export type GroundingProvider = (
  root: string,
  settings: GroundingSettings,
) => Promise<CallGrounding | undefined>;

/**
 * A CLI call can look things up itself: its map only saves the first searches, so it is kept small.
 * (Engines without tools, later, get a larger one.)
 */
export const CLI_MAP_BUDGET_TOKENS = 2000;

export function createGroundingProvider(options: {
  logger: Logger;
  mapBudgetTokens?: number;
  /** The root's builders (default: a set of this provider's own). */
  maps?: RepoMaps;
}): (root: string, settings: GroundingSettings) => Promise<CallGrounding> {
  const maps = options.maps ?? new RepoMaps();
  return async (root, settings) => {
    const allow = [...(settings.allowSensitive ?? [])];
    let repoMap: string | undefined;
    try {
      const builder = await maps.builder(root);
      const policy = await loadGroundingPolicy(root, allow);
      const map = await builder.build({
        policy,
        budgetTokens: options.mapBudgetTokens ?? CLI_MAP_BUDGET_TOKENS,
      });
      // An empty (or unreadable) folder has nothing to map.
      if (map.files > 0) repoMap = map.text;
      if (map.cut) {
        options.logger.warn(
          `The project map covers only the first ${map.files} files: the folder is larger than a map is built for (${map.cut === 'files' ? 'too many files' : 'the walk ran out of time'}).`,
          { root },
        );
      }
    } catch (err) {
      options.logger.warn(`The project map could not be built: ${(err as Error).message}`, { root });
    }
    return {
      root,
      ...(allow.length ? { allow } : {}),
      promptSection: groundingPromptSection(repoMap ? { repoMap } : {}),
    };
  };
}
