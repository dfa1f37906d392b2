import type { GroundingRequest } from './prepareAccess';

/** The request part of a call's grounding (what an engine needs of it; the prompt section is in the prompt). */
export function groundingRequestOf(g: GroundingRequest): GroundingRequest {
  return {
    root: g.root,
    ...(g.allow ? { allow: g.allow } : {}),
    ...(g.mapPlacement ? { mapPlacement: g.mapPlacement } : {}),
    ...(g.policy ? { policy: g.policy } : {}),
  };
}
