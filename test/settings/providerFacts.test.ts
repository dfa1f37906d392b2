// Settings learns each provider's facts from main (`engines:providers`, through the validating dispatcher): what
// every provider's own traits.ts declares, written out by hand in test/support/providerFacts.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { createRoot, type Root } from '../../src/main/app/core';
import { PROVIDER_NAMES } from '../../src/shared/engines';
import { PROVIDER_FACTS } from '../support/providerFacts';
import { scratchDir } from '../support/scratchDir';

let root: Root | undefined;
afterEach(async () => {
  await root?.dispose();
  root = undefined;
});

async function browserRoot(): Promise<Root> {
  root = await createRoot({ userDataDir: scratchDir('puffin-facts-'), platform: { face: 'browser' } });
  return root;
}

describe('engines:providers', () => {
  it("answers every provider's key variable, base URL default and hint, and model hint from its traits", async () => {
    const r = await (await browserRoot()).dispatch('engines:providers', {}, { face: 'browser' });
    expect(r).toEqual({ ok: true, value: { providers: PROVIDER_FACTS } });
    expect(PROVIDER_FACTS.map((p) => p.name)).toEqual([...PROVIDER_NAMES]);
  });

  it('names the same key variables as the API keys status does', async () => {
    const r = await (await browserRoot()).dispatch('keys:status', {}, { face: 'browser' });
    const keyed = PROVIDER_FACTS.filter((p) => p.keyEnvVar !== null).map((p) => [p.name, p.keyEnvVar]);
    expect(r).toMatchObject({ ok: true });
    const view = (r as { value: { keys: { provider: string; envVar: string }[] } }).value;
    expect(view.keys.map((k) => [k.provider, k.envVar])).toEqual(keyed);
  });

  it('is refused with anything in its payload', async () => {
    const r = await (
      await browserRoot()
    ).dispatch('engines:providers', { provider: 'openai' }, { face: 'browser' });
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
  });
});
