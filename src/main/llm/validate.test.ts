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
