import type { GroundingPolicy } from './policy';

/** A call grounded in a project: its folder and the sensitive or ignored paths the user allows. */
export interface GroundingRequest {
  root: string;
  allow?: readonly string[];
  /** Where an engine that needs the repo map (one without tools) builds it; default in-process. */
  mapPlacement?: 'worker' | 'in-process';
  /** The policy this call's map was built under, loaded moments ago in this thread: not loaded a second time. */
  policy?: GroundingPolicy;
}

/** The request part of a call's grounding (what an engine needs of it; the prompt section is in the prompt). */
export function groundingRequestOf(g: GroundingRequest): GroundingRequest {
  return {
    root: g.root,
    ...(g.allow ? { allow: g.allow } : {}),
    ...(g.mapPlacement ? { mapPlacement: g.mapPlacement } : {}),
    ...(g.policy ? { policy: g.policy } : {}),
  };
}
