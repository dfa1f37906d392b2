// Readers for the type-specific `assertion` object. Input comes from LLM output or user files, so every field is
// checked at run time and a bad one names itself in the error result.
import { malformed } from './errors';

export type Fields = Record<string, unknown>;

export function specOf(assertion: { assertion?: unknown }): Fields {
  const spec = assertion.assertion;
  if (spec === undefined || spec === null) throw malformed('assertion');
  if (typeof spec !== 'object' || Array.isArray(spec)) throw malformed('assertion', 'must be an object');
  return spec as Fields;
}

export function reqString(spec: Fields, key: string): string {
  const value = spec[key];
  if (value === undefined || value === null) throw malformed(`assertion.${key}`);
  if (typeof value !== 'string' || value.length === 0)
    throw malformed(`assertion.${key}`, 'must be a non-empty string');
  return value;
}

export function optString(spec: Fields, key: string): string | undefined {
  const value = spec[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw malformed(`assertion.${key}`, 'must be a string');
  return value;
}

export function optBool(spec: Fields, key: string): boolean | undefined {
  const value = spec[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw malformed(`assertion.${key}`, 'must be true or false');
  return value;
}

export function optEnum<T extends string>(spec: Fields, key: string, allowed: readonly T[]): T | undefined {
  const value = spec[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw malformed(`assertion.${key}`, `must be one of ${allowed.map((a) => `"${a}"`).join(', ')}`);
  }
  return value as T;
}

export function optStringArray(spec: Fields, key: string): string[] | undefined {
  const value = spec[key];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || v.length === 0)) {
    throw malformed(`assertion.${key}`, 'must be an array of non-empty strings');
  }
  return value as string[];
}

export function reqStringArray(spec: Fields, key: string): string[] {
  const value = optStringArray(spec, key);
  if (value === undefined) throw malformed(`assertion.${key}`);
  if (value.length === 0) throw malformed(`assertion.${key}`, 'must not be empty');
  return value;
}

/** Regex flags users may set; 'g'/'y' are ours to manage, 'v'/'d' are not needed. */
export function regexFlags(spec: Fields): string {
  const flags = optString(spec, 'flags') ?? '';
  if (!/^[imsu]*$/.test(flags) || new Set(flags).size !== flags.length) {
    throw malformed('assertion.flags', 'may only contain the letters i, m, s, u, each once');
  }
  return flags;
}
