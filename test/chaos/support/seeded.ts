// A seeded run replays: the same seed gives the same run (the generator is test/support/rng.ts's mulberry32).
export { rng as seededRandom } from '../../support/rng';

/** The seed of a chaos run: CHAOS_SEED when given (to replay one), else a fixed one. */
export function chaosSeed(fallback: number): number {
  const given = Number(process.env.CHAOS_SEED);
  return Number.isInteger(given) ? given : fallback;
}
