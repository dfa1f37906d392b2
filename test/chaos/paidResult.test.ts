// A paid result is never dropped: Puffin SIGKILLed in the grace after the CLI printed its result (the CLI hangs
// instead of exiting) leaves a `running` record and the result line in the raw lines on disk; the next start of
// any face makes the record that result, with its cost, rather than `interrupted` with no cost.
import { describe, expect, it } from 'vitest';
import { canScanMarkers } from '../../src/main/engines/claude-cli/runMarker';
import { PAID_STORY, paidKill } from './support/paidKill';

describe.runIf(canScanMarkers())('a paid result is never dropped', () => {
  it('SIGKILL after the CLI printed its result: the next start stores that result and its cost', async () => {
    const { before, after } = await paidKill();
    expect(before.status).toBe('running');
    expect(after.status).toBe('succeeded');
    expect(after.meta.costUsd).toBeGreaterThan(0);
    expect(after.stories).toEqual([{ ...PAID_STORY, locked: false }]);
    expect(after.owner).toBeUndefined();
  }, 120_000);
});
