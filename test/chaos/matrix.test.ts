// The fault matrix in `npm test`: every fake-CLI fault through the headless CLI and through the browser host, a
// few at a time; each row must end in its typed outcome, within its bound, with no process left behind.
// `npm run chaos` runs the same rows plus the real-CLI ones and writes docs/reliability.md.
import { afterAll, describe, expect, it } from 'vitest';
import { canScanMarkers } from '../../src/main/engines/claude-cli/runMarker';
import { matrixRows } from './faults';
import { MatrixSession } from './support/runMatrix';

const rows = matrixRows({ full: false });
const session = new MatrixSession();

afterAll(async () => {
  expect(await session.close()).toEqual([]);
}, 60_000);

describe.runIf(canScanMarkers())('fault matrix', () => {
  it('has at least 50 rows, through both faces', () => {
    expect(rows.length).toBeGreaterThanOrEqual(50);
    expect(new Set(rows.map((r) => r.face))).toEqual(new Set(['headless', 'host']));
  });

  // At most vitest's maxConcurrency (5) rows at once: each is a Puffin process and a CLI or two.
  it.concurrent.each(rows)(
    '$name: ends in $expect, in time, leaving nothing running',
    async (row) => {
      const r = await session.run(row);
      expect({ outcome: r.outcome, survivors: r.survivors }, r.evidence).toEqual({
        outcome: row.expect,
        survivors: [],
      });
      expect(r.ms).toBeLessThanOrEqual(r.withinMs);
    },
    180_000,
  );
});
