import { describe, it, expect } from 'vitest';
import { unwrapEnvelope } from './envelope';

describe('unwrapEnvelope', () => {
  it('returns the inner value of an envelope', () => {
    expect(unwrapEnvelope({ stories: [{ title: 'a' }] }, 'stories')).toEqual({
      ok: true,
      value: [{ title: 'a' }],
      wrapped: true,
    });
    expect(unwrapEnvelope({ title: 'Short title' }, 'title')).toEqual({
      ok: true,
      value: 'Short title',
      wrapped: true,
    });
  });

  it('accepts the inner array returned directly (legacy text path)', () => {
    expect(unwrapEnvelope([{ title: 'a' }], 'stories')).toEqual({
      ok: true,
      value: [{ title: 'a' }],
      wrapped: false,
    });
  });

  it('rejects an object without the key, naming the keys it had', () => {
    const r = unwrapEnvelope({ items: [] }, 'stories');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(/"stories".*items/);
  });

  it('rejects undefined and passes data through when there is no envelope key', () => {
    expect(unwrapEnvelope(undefined, 'stories').ok).toBe(false);
    expect(unwrapEnvelope({ a: 1 })).toEqual({ ok: true, value: { a: 1 }, wrapped: false });
  });

  it('does not treat an inherited property as the envelope key', () => {
    expect(unwrapEnvelope({}, 'toString').ok).toBe(false);
  });
});
