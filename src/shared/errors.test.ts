import { describe, expect, it } from 'vitest';
import { ALL_ERROR_CODES, ERROR_CODES, ERROR_FAMILIES, familyOf, isErrorCode } from './errors';

describe('the error code list', () => {
  it('has no code twice, across families', () => {
    expect(new Set(ALL_ERROR_CODES).size).toBe(ALL_ERROR_CODES.length);
    expect(ALL_ERROR_CODES.length).toBe(ERROR_FAMILIES.reduce((n, f) => n + ERROR_CODES[f].length, 0));
  });

  it('spells every code in snake_case', () => {
    for (const code of ALL_ERROR_CODES) expect(code).toMatch(/^[a-z]+(_[a-z0-9]+)*$/);
  });

  it('knows the family of each code and recognises only listed codes', () => {
    expect(familyOf('garbage_output')).toBe('prompt');
    expect(familyOf('invalid_payload')).toBe('contract');
    expect(familyOf('plan_file_mismatch')).toBe('plans');
    expect(familyOf('invalid_arguments')).toBe('headless');
    expect(isErrorCode('sprint_closed')).toBe(true);
    for (const other of ['ENOENT', 'failed', '', 42, null]) expect(isErrorCode(other)).toBe(false);
  });
});
