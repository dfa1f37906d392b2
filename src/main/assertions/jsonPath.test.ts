import { describe, expect, it } from 'vitest';
import { deepEqual, parseJsonPath } from './evaluators/jsonPath';

describe('parseJsonPath', () => {
  it('reads dotted keys, indexes and quoted keys', () => {
    expect(parseJsonPath('scripts.test')).toEqual(['scripts', 'test']);
    expect(parseJsonPath('items[0].name')).toEqual(['items', 0, 'name']);
    expect(parseJsonPath('items.0.name')).toEqual(['items', 0, 'name']);
    expect(parseJsonPath('a["x.y"][\'z\']')).toEqual(['a', 'x.y', 'z']);
    expect(parseJsonPath('[2]')).toEqual([2]);
  });

  it('names the problem in a bad path', () => {
    expect(() => parseJsonPath('a..b')).toThrow(/empty key/);
    expect(() => parseJsonPath('a[0')).toThrow(/unclosed \[/);
    expect(() => parseJsonPath('a[x]')).toThrow(/expected an index or a quoted key/);
    expect(() => parseJsonPath('a.')).toThrow(/trailing dot/);
  });
});

describe('deepEqual', () => {
  it('ignores key order but not array order or types', () => {
    expect(deepEqual({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 })).toBe(true);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
    expect(deepEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(deepEqual('3', 3)).toBe(false);
    expect(deepEqual([], {})).toBe(false);
  });
});
