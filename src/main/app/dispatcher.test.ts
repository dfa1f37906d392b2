import { describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requestChannels, requestSchemas } from '../../shared/ipc/contract';
import { DEFAULT_SETTINGS } from '../../shared/settings';
import { createDispatcher, type Handlers } from './dispatcher';
import { ServiceError } from '../base/errors';
import { LogBus } from '../base/logger';
import { storedValidatorFiles, type StoredValidators } from '../llm/storedValidators';

function setup(overrides: Partial<Handlers> = {}, stored: StoredValidators | null = null) {
  const bus = new LogBus();
  // Channels without a handler here answer null: the contract grows, these tests stay about the dispatcher.
  const base: Partial<Handlers> = {
    'app:info': () => ({
      name: 'Puffin',
      version: '0.0.0',
      face: 'browser',
      platform: 'linux',
      userDataDir: '/tmp/x',
      nativeDialogs: false,
      logFile: '/tmp/u/logs/puffin.log',
    }),
    'settings:get': () => ({ ...DEFAULT_SETTINGS }),
    'settings:update': (patch) => ({ ...DEFAULT_SETTINGS, ...patch }),
    'project:open': () => {
      throw new Error('not used');
    },
    'project:current': () => null,
    'project:pickFolder': () => null,
    'project:forgetRecent': () => ({ ...DEFAULT_SETTINGS }),
    'log:recent': () => [],
    'shell:openExternal': () => ({ opened: false }),
  };
  // Every handler is a spy, so a test can prove one was (or was not) called.
  const handlers = Object.fromEntries(
    requestChannels.map((c) => [
      c,
      vi.fn((overrides[c] ?? base[c] ?? (() => null)) as (...a: unknown[]) => unknown),
    ]),
  ) as unknown as Record<keyof Handlers, ReturnType<typeof vi.fn>>;
  const dispatch = createDispatcher(handlers as unknown as Handlers, bus.logger('ipc'), stored);
  return { dispatch, handlers, bus };
}

const ctx = { face: 'test' as const };

describe('createDispatcher', () => {
  it('answers ok with the handler value for a valid call, passing the request and context', async () => {
    const { dispatch, handlers } = setup();
    const result = await dispatch('settings:update', { maxConcurrent: 4, theme: 'dark' }, ctx);
    expect(result).toEqual({ ok: true, value: { ...DEFAULT_SETTINGS, maxConcurrent: 4, theme: 'dark' } });
    expect(handlers['settings:update']).toHaveBeenCalledTimes(1);
    expect(handlers['settings:update']).toHaveBeenCalledWith({ maxConcurrent: 4, theme: 'dark' }, ctx);
  });

  it("checks every channel's payload against its schema (compiled on a channel's first request)", async () => {
    const { dispatch, handlers } = setup();
    for (const channel of requestChannels) {
      const result = await dispatch(channel, 'not an object', ctx);
      expect(result, channel).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
    }
    for (const channel of requestChannels) expect(handlers[channel]).not.toHaveBeenCalled();
  });

  it('awaits async handlers', async () => {
    const { dispatch } = setup({ 'project:current': async () => null });
    await expect(dispatch('project:current', {}, ctx)).resolves.toEqual({ ok: true, value: null });
  });

  it('treats a missing payload as an empty object', async () => {
    const { dispatch, handlers } = setup();
    expect(await dispatch('settings:get', undefined, ctx)).toMatchObject({ ok: true });
    expect(handlers['settings:get']).toHaveBeenCalledWith({}, ctx);
  });

  it.each([['nope:channel'], ['constructor'], ['__proto__'], [42], [null], [undefined], [{}]])(
    'refuses the unknown channel %j without calling any handler',
    async (channel) => {
      const { dispatch, handlers, bus } = setup();
      const result = await dispatch(channel, {}, ctx);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.code).toBe('unknown_channel');
      expect(result.error.message).toMatch(/Unknown channel/);
      for (const h of Object.values(handlers)) expect(h).not.toHaveBeenCalled();
      expect(bus.recent().some((l) => l.level === 'warn' && /unknown channel/.test(l.message))).toBe(true);
    },
  );

  it.each([
    ['wrong type', 'settings:update', { maxConcurrent: 'four' }, /\/maxConcurrent must be integer/],
    ['out of range', 'settings:update', { maxConcurrent: 17 }, /\/maxConcurrent must be <= 16/],
    ['bad enum', 'settings:update', { theme: 'neon' }, /\/theme must be equal to one of the allowed values/],
    ['extra property', 'project:open', { path: '/x', evil: true }, /must NOT have additional properties/],
    ['extra property on an empty schema', 'settings:get', { x: 1 }, /must NOT have additional properties/],
    ['missing required', 'project:open', {}, /must have required property 'path'/],
    ['empty string', 'project:open', { path: '' }, /\/path must NOT have fewer than 1 characters/],
    ['empty patch', 'settings:update', {}, /must NOT have fewer than 1 properties/],
    ['a string instead of an object', 'project:open', '/home/me', /\(root\) must be object/],
    ['an array', 'settings:get', [], /\(root\) must be object/],
    ['null', 'project:current', null, /\(root\) must be object/],
    ['a number', 'log:recent', 5, /\(root\) must be object/],
  ])(
    'refuses a payload with %s as invalid_payload, readably, before the handler',
    async (_what, channel, payload, message) => {
      const { dispatch, handlers, bus } = setup();
      const result = await dispatch(channel, payload, ctx);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.code).toBe('invalid_payload');
      expect(result.error.message).toMatch(new RegExp(`^Invalid request for ${channel}: `));
      expect(result.error.message).toMatch(message);
      expect(Array.isArray(result.error.details)).toBe(true);
      expect(handlers[channel as keyof Handlers]).not.toHaveBeenCalled();
      expect(bus.recent().some((l) => l.level === 'warn' && l.message.includes(channel))).toBe(true);
    },
  );

  // Changed deliberately: every problem of a huge body made a huge reply; the first one refuses.
  it('stops at the first problem, so a huge invalid payload gets a small reply and log line', async () => {
    const { dispatch, bus } = setup();
    const ids = Array.from({ length: 10_000 }, (_, i) => `not an id ${i} ${'x'.repeat(200)}`);
    const started = Date.now();
    const result = await dispatch('stories:delete', { ids }, ctx);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid_payload');
    expect(JSON.stringify(result.error).length).toBeLessThan(4000);
    const logged = bus.recent().filter((l) => l.message.includes('stories:delete'));
    expect(JSON.stringify(logged).length).toBeLessThan(4000);
  });

  it('passes a ServiceError code, message and details through', async () => {
    const { dispatch, bus } = setup({
      'project:open': () => {
        throw new ServiceError('not_found', 'The folder /nope does not exist.', { path: '/nope' });
      },
    });
    const result = await dispatch('project:open', { path: '/nope' }, ctx);
    expect(result).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'The folder /nope does not exist.', details: { path: '/nope' } },
    });
    const line = bus.recent().find((l) => l.message.startsWith('project:open failed'));
    expect(line?.level).toBe('warn');
  });

  it('passes the code of a rejected promise from an async handler', async () => {
    const { dispatch } = setup({
      'project:pickFolder': async () => {
        throw new ServiceError('not_supported', 'No dialog here.');
      },
    });
    expect(await dispatch('project:pickFolder', {}, ctx)).toEqual({
      ok: false,
      error: { code: 'not_supported', message: 'No dialog here.' },
    });
  });

  it('turns an unexpected throw into internal_error, logs it as an error, and keeps working', async () => {
    let calls = 0;
    const { dispatch, bus } = setup({
      'settings:get': () => {
        calls++;
        if (calls === 1) throw new TypeError('boom');
        return { ...DEFAULT_SETTINGS };
      },
    });
    const first = await dispatch('settings:get', {}, ctx);
    expect(first.ok).toBe(false);
    if (first.ok) return;
    expect(first.error.code).toBe('internal_error');
    expect(first.error.message).toMatch(/boom/);
    expect(bus.recent().some((l) => l.level === 'error' && /settings:get failed/.test(l.message))).toBe(true);
    // The dispatcher is still usable afterwards.
    expect(await dispatch('settings:get', {}, ctx)).toEqual({ ok: true, value: DEFAULT_SETTINGS });
  });

  it('maps a thrown non-Error value and a Node system error to internal_error', async () => {
    const { dispatch } = setup({
      'log:recent': () => {
        throw 'a string';
      },
      'project:current': () => {
        throw Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT' });
      },
    });
    const a = await dispatch('log:recent', {}, ctx);
    const b = await dispatch('project:current', {}, ctx);
    expect(a.ok || a.error.code).toBe('internal_error');
    expect(b.ok || b.error.code).toBe('internal_error');
  });

  it('does not let the validator coerce or strip the request the handler sees', async () => {
    const { dispatch, handlers } = setup();
    const result = await dispatch('log:recent', { limit: '5' }, ctx);
    expect(result.ok).toBe(false);
    expect(handlers['log:recent']).not.toHaveBeenCalled();
  });

  describe('with stored validators', () => {
    const text = JSON.stringify(requestSchemas['log:recent']);

    it('stores the validator it compiled, which a later dispatcher uses instead of compiling', async () => {
      const dir = join(mkdtempSync(join(tmpdir(), 'dispatch-')), 'validators');
      const { dispatch } = setup({}, storedValidatorFiles(dir, 'v1'));
      expect(await dispatch('log:recent', { limit: 5 }, ctx)).toMatchObject({ ok: true });
      expect(readdirSync(dir)).toHaveLength(1);
      const stored = storedValidatorFiles(dir, 'v1');
      const load = vi.spyOn(stored, 'load');
      const later = setup({}, stored);
      expect(await later.dispatch('log:recent', { limit: 5 }, ctx)).toMatchObject({ ok: true });
      expect(load).toHaveBeenCalledWith(text);
      expect(load.mock.results[0]!.value).toBeTypeOf('function');
    });

    it('lets a stored validator accept, but refuses only with the compiled one and its errors', async () => {
      const accepting = vi.fn((d: unknown) => (d as { limit?: unknown }).limit === 'stored says yes');
      const stored: StoredValidators = { load: (t) => (t === text ? accepting : null), store: () => {} };
      const { dispatch, handlers } = setup({}, stored);
      expect(await dispatch('log:recent', { limit: 'stored says yes' }, ctx)).toMatchObject({ ok: true });
      expect(await dispatch('log:recent', { limit: 3 }, ctx)).toMatchObject({ ok: true });
      expect(await dispatch('log:recent', { limit: 'no' }, ctx)).toMatchObject({
        ok: false,
        error: {
          code: 'invalid_payload',
          message: 'Invalid request for log:recent: /limit must be integer.',
        },
      });
      // Once compiled (for its "no" to { limit: 3 }), the compiled validator decides.
      expect(accepting).toHaveBeenCalledTimes(2);
      expect(handlers['log:recent']).toHaveBeenCalledTimes(2);
    });
  });
});
