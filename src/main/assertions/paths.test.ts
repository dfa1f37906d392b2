import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isInside } from './paths';

describe('isInside', () => {
  const root = path.resolve('/project');
  it('takes names that only begin with two dots as inside, and a whole .. segment as outside', () => {
    expect(isInside(root, path.join(root, '..data', 'x.json'))).toBe(true);
    expect(isInside(root, path.join(root, '...'))).toBe(true);
    expect(isInside(root, root)).toBe(true);
    expect(isInside(root, path.resolve(root, '..'))).toBe(false);
    expect(isInside(root, path.resolve(root, '..', 'other', 'x'))).toBe(false);
  });
});
