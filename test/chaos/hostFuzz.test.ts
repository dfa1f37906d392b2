// A seeded fuzz of malformed requests at the browser host, a few hundred in `npm test` (`npm run chaos` sends
// 10,000): each ends in its typed refusal, none is accepted, no reply echoes a huge body, the host stays up.
// CHAOS_SEED=<n> replays a failing run.
import { afterAll, describe, expect, it } from 'vitest';
import { fuzzHost } from './support/hostFuzz';
import { fuzzTarget } from './support/fuzzTarget';
import { chaosSeed } from './support/seeded';

const target = await fuzzTarget();
afterAll(() => target.close());

describe('malformed requests at the host', () => {
  it('refuses every one with its typed error and stays up', async () => {
    const seed = chaosSeed(20);
    const f = await fuzzHost({ ...target, count: 400, seed });
    expect(f.failures, `seed ${seed}`).toEqual([]);
    expect({
      held: f.held,
      accepted: f.accepted,
      untyped: f.untyped,
      oversized: f.oversized,
      alive: f.hostAlive,
    }).toEqual({
      held: 400,
      accepted: 0,
      untyped: 0,
      oversized: 0,
      alive: true,
    });
    // Every kind of malformation was tried.
    expect(Object.keys(f.byKind).length).toBeGreaterThanOrEqual(13);
  }, 120_000);
});
