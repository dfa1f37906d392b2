import { describe, expect, it } from 'vitest';
import { listKeyTarget } from './listKeys';

describe('listKeyTarget', () => {
  it('moves by one, by a page and to the ends, clamped to the list', () => {
    expect(listKeyTarget('ArrowDown', 3, 10, 5)).toBe(4);
    expect(listKeyTarget('ArrowUp', 0, 10, 5)).toBe(0);
    expect(listKeyTarget('PageDown', 8, 10, 5)).toBe(9);
    expect(listKeyTarget('PageUp', 8, 10, 5)).toBe(3);
    expect(listKeyTarget('Home', 8, 10, 5)).toBe(0);
    expect(listKeyTarget('End', 2, 10, 5)).toBe(9);
  });

  it('is null for other keys', () => {
    expect(listKeyTarget('Enter', 2, 10, 5)).toBeNull();
    expect(listKeyTarget('ArrowLeft', 2, 10, 5)).toBeNull();
  });
});
