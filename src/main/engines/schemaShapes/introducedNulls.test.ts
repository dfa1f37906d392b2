import { describe, expect, it } from 'vitest';
import { getSchema } from '../../llm/schemas';
import { validate } from '../../llm/validate';
import { dropIntroducedNulls } from './introducedNulls';

describe('dropIntroducedNulls', () => {
  const schema = {
    type: 'object',
    properties: {
      a: { type: 'string' },
      b: { type: ['string', 'null'] },
      c: { type: 'string' },
      list: { type: 'array', items: { type: 'object', properties: { x: { type: 'number' } } } },
    },
    required: ['c'],
  };

  it('removes a null only where the original has the property optional and not nullable', () => {
    expect(dropIntroducedNulls({ a: null, b: null, c: null, list: [{ x: null }, { x: 1 }] }, schema)).toEqual(
      {
        b: null,
        c: null,
        list: [{}, { x: 1 }],
      },
    );
  });

  it('leaves values the schema does not describe alone', () => {
    expect(dropIntroducedNulls({ other: null }, schema)).toEqual({ other: null });
    expect(dropIntroducedNulls('text', schema)).toBe('text');
  });

  it('follows $ref and picks the oneOf branch by its const discriminator (Puffin assertions)', () => {
    const assertions = getSchema('assertions').schema;
    const answer = {
      assertions: [
        {
          id: null,
          type: 'FILE_EXISTS',
          target: 'src/a.ts',
          message: 'exists',
          criterion: null,
          assertion: { type: null },
        },
        {
          id: 'A2',
          type: 'FILE_CONTAINS',
          target: 'src/a.ts',
          message: 'has it',
          criterion: null,
          assertion: { match: 'literal', content: 'x', operator: null, flags: null },
        },
      ],
    };
    const cleaned = dropIntroducedNulls(answer, assertions);
    expect(cleaned).toEqual({
      assertions: [
        { type: 'FILE_EXISTS', target: 'src/a.ts', message: 'exists', assertion: {} },
        {
          id: 'A2',
          type: 'FILE_CONTAINS',
          target: 'src/a.ts',
          message: 'has it',
          assertion: { match: 'literal', content: 'x' },
        },
      ],
    });
    expect(validate(assertions, cleaned).ok).toBe(true);
  });
});
