// The engine seam: sendPrompt is the one pipeline whatever the provider. A scripted provider stands in
// for an engine, so what is tested is the pipeline around it: the choice of provider and model, the gate, local
// validation against the original schema, the envelope, the preview fed from partial events, and the one retry
// budget.
import { describe, expect, it } from 'vitest';
import { notBuiltProvider } from '../../../test/support/notBuiltProvider';
import type { ProviderName } from '../../shared/engines';
import type { EngineMeta, Provider, ProviderAnswer, ProviderCall } from '../engines/provider';
import { PromptError } from './errors';
import { ConcurrencyGate } from './gate';
import type { ModelTier, PreviewEvent, SendPrompt } from './promptTypes';
import { createSendPrompt, type SendPromptSettings } from './sendPrompt';
import { memoryLogger } from '../../../test/support/memoryLogger';

const SCHEMA = {
  type: 'object',
  required: ['result'],
  additionalProperties: false,
  properties: {
    result: {
      type: 'object',
      required: ['items'],
      properties: { items: { type: 'array', minItems: 2, items: { type: 'integer', maximum: 9 } } },
    },
  },
};

const meta = (over: Partial<EngineMeta> = {}): EngineMeta => ({
  provider: 'anthropic',
  engineVersion: null,
  model: 'm1',
  mode: 'native',
  costUsd: null,
  tokensIn: 10,
  tokensOut: 5,
  turns: 1,
  durationMs: 3,
  sessionId: null,
  ...over,
});

type Step = (call: ProviderCall, emit: (text: string, block: number) => void) => ProviderAnswer;

/** A provider's own words and tiers, as a provider folder declares them. */
const ACME = {
  words: { who: 'Acme', service: 'The Acme API', status: 'status.acme.test' },
  tierModel: (tier: ModelTier) => (tier === 'fast' ? 'acme-small' : undefined),
};

function scripted(steps: Step[]) {
  const calls: ProviderCall[] = [];
  /** Each attempt's `activity` flag. */
  const activity: (boolean | undefined)[] = [];
  let attempts = 0;
  const provider: Provider = {
    ...notBuiltProvider('anthropic'),
    ...ACME,
    prepare: async (call) => {
      calls.push(call);
      return {
        warnings: ['prepared'],
        attempt: async (ctx) => {
          activity.push(ctx.activity);
          const step = steps[attempts++]!;
          return step(call, (text, block) => ctx.emit({ type: 'partial', text, block }));
        },
      };
    },
  };
  return { provider, calls, activity, attempts: () => attempts };
}

function setup(steps: Step[], settings: SendPromptSettings = {}) {
  const s = scripted(steps);
  const gate = new ConcurrencyGate(1);
  const sendPrompt = createSendPrompt({
    gate,
    logger: memoryLogger().logger,
    settings: () => settings,
    providers: (name) => (name === 'anthropic' ? s.provider : notBuiltProvider(name)),
    retry: { deps: { sleep: async () => {}, random: () => 0 } },
  });
  return { ...s, sendPrompt, gate };
}

const answer =
  (data: unknown): Step =>
  () => ({
    data,
    source: 'structured_output',
    warnings: [],
    meta: meta(),
    diagnostics: {},
  });

/** What a call to `provider` threw. */
const failure = (sendPrompt: SendPrompt, provider: ProviderName) =>
  sendPrompt({ workflow: 'cli-prompt', prompt: 'p', schema: SCHEMA, provider }).catch((e: unknown) => e);

describe('sendPrompt through a provider', () => {
  it('validates against the original schema, unwraps the envelope and returns the neutral meta', async () => {
    const { sendPrompt, calls } = setup([answer({ result: { items: [1, 2] } })]);
    const r = await sendPrompt({
      workflow: 'cli-prompt',
      prompt: 'p',
      schema: SCHEMA,
      envelope: 'result',
      provider: 'anthropic',
      model: 'm1',
      mode: 'tool',
      baseUrl: 'http://127.0.0.1:9',
    });
    expect(r.data).toEqual({ items: [1, 2] });
    expect(r.warnings).toEqual(['prepared']);
    expect(r.meta).toMatchObject({ provider: 'anthropic', model: 'm1', mode: 'native', cliVersion: null });
    expect(calls[0]).toMatchObject({ model: 'm1', mode: 'tool', baseUrl: 'http://127.0.0.1:9' });
    expect(calls[0]!.schema.schema).toBe(SCHEMA);
  });

  it("refuses an answer the provider's shaped schema let through (an array too short, a number too big)", async () => {
    const { sendPrompt } = setup([answer({ result: { items: [12] } })]);
    const err = await failure(sendPrompt, 'anthropic');
    expect(err).toBeInstanceOf(PromptError);
    expect((err as PromptError).code).toBe('validation_failed');
    expect((err as PromptError).diagnostics).toMatchObject({ provider: 'anthropic', workflow: 'cli-prompt' });
    expect((err as PromptError).diagnostics.validationErrors!.length).toBe(2);
  });

  it("uses the settings' provider with its own model, and not the settings' model for another provider", async () => {
    const first = setup([answer({ result: { items: [1, 2] } })], {
      provider: 'anthropic',
      defaultModel: 'dm',
    });
    await first.sendPrompt({ workflow: 'cli-prompt', prompt: 'p', schema: SCHEMA });
    expect(first.calls[0]!.model).toBe('dm');
    const other = setup([answer({ result: { items: [1, 2] } })], { defaultModel: 'sonnet' });
    const req = { workflow: 'cli-prompt', prompt: 'p', schema: SCHEMA, tier: 'default' } as const;
    await other.sendPrompt({ ...req, provider: 'anthropic' });
    expect(other.calls[0]!.model).toBeUndefined();
  });

  it("asks the provider for a workflow's tier: its model wins over the settings', a request's own over both", async () => {
    const ok = answer({ result: { items: [1, 2] } });
    const { sendPrompt, calls } = setup([ok, ok, ok], { provider: 'anthropic', defaultModel: 'dm' });
    const req = { workflow: 'cli-prompt', prompt: 'p', schema: SCHEMA } as const;
    await sendPrompt({ ...req, tier: 'fast' });
    await sendPrompt({ ...req, tier: 'default' });
    await sendPrompt({ ...req, tier: 'fast', model: 'mine' });
    expect(calls.map((c) => c.model)).toEqual(['acme-small', 'dm', 'mine']);
  });

  it('words every failure and retry notice in the words of the provider that failed, never Claude', async () => {
    const { sendPrompt } = setup([
      () => {
        throw new PromptError('overloaded');
      },
      () => {
        throw new PromptError('rate_limited', { detail: 'HTTP 429' });
      },
      answer({ result: { items: [12] } }),
    ]);
    const notices: string[] = [];
    const err = (await sendPrompt({
      workflow: 'cli-prompt',
      prompt: 'p',
      schema: SCHEMA,
      provider: 'anthropic',
      onRetry: (n) => notices.push(n.message),
    }).catch((e: unknown) => e)) as PromptError;
    expect(notices).toEqual([
      'The Acme API is overloaded right now. Try again in a minute.',
      'Acme usage limit reached. Wait a few minutes and try again. (HTTP 429)',
    ]);
    expect(err.code).toBe('validation_failed');
    expect(err.message).toMatch(/^Acme's answer did not match the expected format\./);
    expect([...notices, err.message].join(' ')).not.toMatch(/Claude|anthropic\.com/);
  });

  it('retries a transient failure under the one budget, and feeds the preview from partial events', async () => {
    const preview: PreviewEvent[] = [];
    const { sendPrompt, attempts } = setup([
      () => {
        throw new PromptError('overloaded');
      },
      (_call, emit) => {
        emit('{"result":{"items":[1,', 0);
        emit('2]}}', 0);
        return answer({ result: { items: [1, 2] } })(_call, emit);
      },
    ]);
    const retries: string[] = [];
    await sendPrompt({
      workflow: 'cli-prompt',
      prompt: 'p',
      schema: SCHEMA,
      provider: 'anthropic',
      preview: (e) => preview.push(e),
      previewWatch: [['result', 'items']],
      onRetry: (n) => retries.push(n.code),
    });
    expect(attempts()).toBe(2);
    expect(retries).toEqual(['overloaded']);
    expect(preview.filter((e) => e.type === 'item').map((e) => (e as { value: unknown }).value)).toEqual([
      1, 2,
    ]);
  });

  it('tells the provider whether anyone reads the activity events (onEngineEvent), not only the preview', async () => {
    const ok = answer({ result: { items: [1, 2] } });
    const { sendPrompt, activity } = setup([ok, ok, ok]);
    const req = { workflow: 'cli-prompt', prompt: 'p', schema: SCHEMA, provider: 'anthropic' } as const;
    await sendPrompt({ ...req, preview: () => {} });
    await sendPrompt({ ...req, preview: () => {}, onEngineEvent: () => {} });
    await sendPrompt(req);
    expect(activity).toEqual([false, true, false]);
  });

  it('refuses with provider_unavailable, before any gate slot, a provider not in this build', async () => {
    const { logger } = memoryLogger();
    const gate = new ConcurrencyGate(1);
    const sendPrompt = createSendPrompt({ gate, logger, settings: () => ({}), providers: notBuiltProvider });
    const err = await failure(sendPrompt, 'gemini');
    expect((err as PromptError).code).toBe('provider_unavailable');
    expect(gate.stats()).toEqual({ limit: 1, running: 0, queued: 0 });
  });
});
