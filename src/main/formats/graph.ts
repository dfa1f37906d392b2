/** Story order facts the formats print: priority tiers from dependencies, and numbering. */
import type { SpecStory } from './bundle';

/** 1 for a story that depends on none of the sprint's stories, else one more than its deepest dependency. */
export function tiers(stories: readonly SpecStory[]): Map<string, number> {
  const byId = new Map(stories.map((s) => [s.id, s]));
  const tier = new Map<string, number>();
  const visit = (id: string, path: Set<string>): number => {
    const known = tier.get(id);
    if (known !== undefined) return known;
    // A cycle (the plan refuses them, but files may hold one) counts as no dependency.
    if (path.has(id)) return 0;
    path.add(id);
    const deps = byId.get(id)?.dependsOn ?? [];
    const t = 1 + Math.max(0, ...deps.filter((d) => byId.has(d)).map((d) => visit(d, path)));
    path.delete(id);
    tier.set(id, t);
    return t;
  };
  for (const s of stories) visit(s.id, new Set());
  return tier;
}

export const pad = (n: number, width: number): string => String(n).padStart(width, '0');
