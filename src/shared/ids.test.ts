import { describe, expect, it } from 'vitest';
import { ID_PATTERN, isId } from './ids';

describe('isId', () => {
  it.each([
    'a',
    'S-1',
    'gen_2',
    'sprint-mwtzhncb-pnv878',
    'a.b',
    '0dfbaf15-a77b-413f-87c2-d2bb9fc8da27',
    'x'.repeat(128),
  ])('accepts %j', (id) => expect(isId(id)).toBe(true));
  it.each(['', '.', '..', '../x', 'a/b', 'a\\b', '-a', '_a', '.hidden', 'a b', 'é', 'x'.repeat(129), 'a\n'])(
    'refuses %j',
    (id) => expect(isId(id)).toBe(false),
  );
  it('is anchored, so a schema pattern and the function agree', () => {
    expect(ID_PATTERN.startsWith('^')).toBe(true);
    expect(ID_PATTERN.endsWith('$')).toBe(true);
  });
});
