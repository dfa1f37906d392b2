import { describe, expect, it } from 'vitest';
import { shapeSchema } from './shapeSchema';

const schema = {
  type: 'object',
  required: ['goals'],
  properties: {
    goals: { type: 'array', minItems: 5, maxItems: 7, items: { type: 'string', maxLength: 80 } },
    score: { type: 'integer', minimum: 0, maximum: 100 },
    nested: {
      type: 'object',
      properties: { a: { anyOf: [{ type: 'string', minLength: 1 }, { type: 'null' }] } },
    },
  },
};

describe('shapeSchema', () => {
  it('drops the keywords asked everywhere, nested and in combinators, and leaves the original alone', () => {
    const before = JSON.stringify(schema);
    const out = shapeSchema(schema, { drop: ['minimum', 'maximum', 'maxLength', 'minLength', 'maxItems'] });
    expect(out).toEqual({
      type: 'object',
      required: ['goals'],
      properties: {
        goals: { type: 'array', minItems: 5, items: { type: 'string' } },
        score: { type: 'integer' },
        nested: { type: 'object', properties: { a: { anyOf: [{ type: 'string' }, { type: 'null' }] } } },
      },
    });
    expect(JSON.stringify(schema)).toBe(before);
  });

  it('keeps minItems 0 or 1 only when asked, closes objects and requires every property', () => {
    const out = shapeSchema(schema, { maxMinItems: 1, closeObjects: true, requireAll: true }) as {
      required: string[];
      additionalProperties: boolean;
      properties: { goals: object; nested: { required: string[]; additionalProperties: boolean } };
    };
    expect(out.required).toEqual(['goals', 'score', 'nested']);
    expect(out.additionalProperties).toBe(false);
    expect(out.properties.goals).not.toHaveProperty('minItems');
    expect(out.properties.nested).toMatchObject({ required: ['a'], additionalProperties: false });
  });
});
