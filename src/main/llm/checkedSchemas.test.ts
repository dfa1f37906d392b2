import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkedSchemaFiles, type CheckedSchemas } from './checkedSchemas';
import { rememberCheckedSchemas, schemaProblem } from './validate';

afterEach(() => rememberCheckedSchemas(null));

describe('checkedSchemaFiles', () => {
  it('remembers a text per checker version, in files that outlive the object', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'checked-')), 'cache');
    const a = checkedSchemaFiles(dir, 'v1');
    expect(a.has('{"type":"object"}')).toBe(false);
    a.add('{"type":"object"}');
    expect(checkedSchemaFiles(dir, 'v1').has('{"type":"object"}')).toBe(true);
    expect(checkedSchemaFiles(dir, 'v2').has('{"type":"object"}')).toBe(false);
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it('remembers nothing, without throwing, where it cannot write', () => {
    const base = mkdtempSync(join(tmpdir(), 'checked-'));
    writeFileSync(join(base, 'file'), ''); // a file where the folder would go
    const memory = checkedSchemaFiles(join(base, 'file', 'cache'), 'v1');
    memory.add('{}');
    expect(memory.has('{}')).toBe(false);
  });
});

describe('schemaProblem with remembered checks', () => {
  const recording = (known: string[] = []) => {
    const texts = new Set(known);
    const memory: CheckedSchemas = { has: (t) => texts.has(t), add: (t) => void texts.add(t) };
    return { memory, texts };
  };

  it('remembers a schema that passed the meta-schema check, and never one that failed it', () => {
    const { memory, texts } = recording();
    rememberCheckedSchemas(memory);
    const good = { type: 'object', properties: { n: { type: 'string', minLength: 7 } } };
    const bad = { type: 'object', properties: { n: { type: 'string', minLength: -8 } } };
    expect(schemaProblem(good)).toBeNull();
    expect(schemaProblem(bad)).toMatch(/schema is invalid/);
    expect([...texts]).toEqual([JSON.stringify(good)]);
  });

  it('skips the meta-schema check only for a text that passed it before', () => {
    const bad = { type: 'object', properties: { n: { type: 'string', minLength: -9 } } };
    rememberCheckedSchemas(recording([JSON.stringify(bad)]).memory);
    // Proof that the check was skipped: a text the meta-schema refuses, remembered (as if) passed, compiles.
    expect(schemaProblem(bad)).toBeNull();
  });
});
