import { describe, expect, it } from 'vitest';
import { compileSchema, schemaProblem, validate } from './validate';

const person = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    email: { type: 'string', format: 'email' },
    role: { type: 'string', enum: ['admin', 'user'] },
  },
  required: ['name'],
  additionalProperties: false,
};

describe('validate', () => {
  it('returns the value when it validates', () => {
    expect(validate(person, { name: 'Ada' })).toEqual({ ok: true, value: { name: 'Ada' } });
  });

  it('checks formats, which the CLI does not', () => {
    expect(validate(person, { name: 'Ada', email: 'not-an-email' })).toEqual({
      ok: false,
      errors: ['/email: must match format "email"'],
    });
  });

  it('collects every error in readable lines', () => {
    const result = validate(person, { role: 'root', extra: 1 });
    expect(result.ok).toBe(false);
    expect(!result.ok && [...result.errors].sort()).toEqual(
      [
        '(root): missing required property "name"',
        '(root): unexpected property "extra"',
        '/role: must be one of "admin", "user"',
      ].sort(),
    );
  });

  it('caps the error list', () => {
    const many = { type: 'array', items: { type: 'string' } };
    const result = validate(
      { type: 'object', properties: { xs: many }, required: [], additionalProperties: false },
      {
        xs: Array.from({ length: 80 }, (_, i) => i),
      },
    );
    expect(!result.ok && result.errors.length).toBe(51);
    expect(!result.ok && result.errors.at(-1)).toBe('… and 30 more');
  });

  it('caches the compiled validator per schema object and per content', () => {
    expect(compileSchema(person)).toBe(compileSchema(person));
    expect(compileSchema(structuredClone(person))).toBe(compileSchema(person));
  });

  it.each([
    ['an array root', { type: 'array', items: {} }, /root must have "type": "object"/],
    ['not an object', 'nope', /must be a JSON object/],
    ['an unknown keyword (strict, like the CLI)', { type: 'object', foo: 1 }, /unknown keyword: "foo"/],
    ['a 2020-12 keyword', { type: 'object', prefixItems: [] }, /unknown keyword: "prefixItems"/],
  ])('explains why a schema with %s cannot be used', (_why, schema, reason) => {
    expect(schemaProblem(schema)).toMatch(reason);
  });
});

describe('string lengths', () => {
  const bounded = {
    type: 'object',
    properties: { title: { type: 'string', minLength: 2, maxLength: 3 } },
    additionalProperties: false,
  };
  const check = (title: string) => validate(bounded, { title });

  it('counts Unicode code points, not UTF-16 units, at both bounds', () => {
    // 🐦 is two UTF-16 units and one code point.
    expect(check('🐦🐦🐦').ok).toBe(true); // 6 units, 3 code points
    expect(check('ab🐦').ok).toBe(true);
    expect(check('🐦🐦').ok).toBe(true); // 4 units, 2 code points
    expect(check('🐦')).toEqual({ ok: false, errors: ['/title: must NOT have fewer than 2 characters'] });
    expect(check('🐦🐦🐦🐦')).toEqual({
      ok: false,
      errors: ['/title: must NOT have more than 3 characters'],
    });
    // A lone surrogate is one code point, as in Ajv's own count.
    expect(check('\ud83d\ud83d\ud83d').ok).toBe(true);
    expect(check('\ud83d\ud83d\ud83d\ud83d').ok).toBe(false);
  });

  it('agrees with the code-point count on random strings around the bounds', () => {
    const pieces = ['a', 'é', '🐦', '\ud83d', '\udc26'];
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 2000; n++) {
      let s = '';
      const count = Math.floor(next() * 7);
      for (let k = 0; k < count; k++) s += pieces[Math.floor(next() * pieces.length)];
      // The reference count: a surrogate pair is one code point, anything else one per unit.
      const codePoints = [...s].length;
      expect(check(s).ok, JSON.stringify(s)).toBe(codePoints >= 2 && codePoints <= 3);
    }
  });
});
