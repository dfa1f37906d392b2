/**
 * What a grounded workflow call gets from its project: the folder, the sensitive or ignored paths the project
 * settings allow, and the prompt section with a repo map (cached per project on disk, rebuilt incrementally, in a
 * worker where the face serves other clients). A map that cannot be built, or whose build the call cancelled,
 * costs the call its map, not its grounding.
 */
import type { Logger } from '../../base/logger';
import { groundingPromptSection } from './groundingPrompt';
import type { GroundingPolicy } from './policy';
import type { GroundingRequest } from './groundingRequest';
import { loadMapInputs } from './repoMap/mapInputs';
import { buildProjectMap, type MapPlacement } from './repoMap/projectMap';
import type { MapProgress } from './repoMap/repoMap';

export interface CallGrounding extends GroundingRequest {
  /** Appended to the workflow's prompt. */
  promptSection: string;
}

/** The project settings a grounded call reads. */
export interface GroundingSettings {
  allowSensitive?: readonly string[];
}

/** What the call that asks for its grounding lends it: its cancel, and where to say what the map build is doing. */
export interface GroundingCall {
  signal?: AbortSignal;
  /** A line such as "Mapping the project: 1,200 of 50,000 files read", while a (first) build reads files. */
  onProgress?: (message: string) => void;
}

/** The grounding of a call in the project at `root`; undefined: the call stays hermetic. */
export type GroundingProvider = (
  root: string,
  settings: GroundingSettings,
  call?: GroundingCall,
) => Promise<CallGrounding | undefined>;

export function describeMapProgress(p: MapProgress): string {
  if (p.phase === 'listing') return 'Mapping the project: listing its files';
  return `Mapping the project: ${p.done.toLocaleString('en')} of ${p.total.toLocaleString('en')} changed files read`;
}

/**
 * A CLI call can look things up itself: its map only saves the first searches, so it is kept small.
 * (Engines without tools, later, get a larger one.)
 */
export const CLI_MAP_BUDGET_TOKENS = 2000;

export function createGroundingProvider(options: {
  logger: Logger;
  mapBudgetTokens?: number;
  /** Default in-process; the app and the host build maps in a worker. */
  mapPlacement?: MapPlacement;
}): (root: string, settings: GroundingSettings, call?: GroundingCall) => Promise<CallGrounding> {
  const placement = options.mapPlacement ?? 'in-process';
  return async (root, settings, call = {}) => {
    const allow = [...(settings.allowSensitive ?? [])];
    let repoMap: string | undefined;
    // In this thread, the policy the map is built under is the call's too (the CLI's deny rules).
    let policy: GroundingPolicy | undefined;
    try {
      const onProgress = call.onProgress;
      const inputs = placement === 'in-process' ? await loadMapInputs(root, allow) : undefined;
      policy = inputs?.policy.policy;
      const map = await buildProjectMap(
        {
          root,
          allow,
          ...(inputs ? { inputs } : {}),
          budgetTokens: options.mapBudgetTokens ?? CLI_MAP_BUDGET_TOKENS,
          ...(call.signal ? { signal: call.signal } : {}),
          ...(onProgress ? { onProgress: (p: MapProgress) => onProgress(describeMapProgress(p)) } : {}),
        },
        placement,
      );
      // An empty (or unreadable) folder has nothing to map.
      if (map.files > 0) repoMap = map.text;
      if (map.cut) {
        options.logger.warn(
          `The project map covers only the first ${map.files} files: the folder is larger than a map is built for (${map.cut === 'files' ? 'too many files' : 'the walk ran out of time'}).`,
          { root },
        );
      }
    } catch (err) {
      if (call.signal?.aborted)
        options.logger.info('The project map was not built: the call was cancelled.', { root });
      else options.logger.warn(`The project map could not be built: ${(err as Error).message}`, { root });
    }
    return {
      root,
      ...(allow.length ? { allow } : {}),
      ...(placement === 'worker' ? { mapPlacement: placement } : {}),
      ...(policy ? { policy } : {}),
      promptSection: groundingPromptSection(repoMap ? { repoMap } : {}),
    };
  };
}
