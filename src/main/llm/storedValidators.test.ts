import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadStandalone, storedValidatorFiles, type StoredValidators } from './storedValidators';
import type { JsonSchema } from './schemas';
import { compileSchema, rememberCompiledValidators, schemaProblem, validate } from './validate';

afterEach(() => rememberCompiledValidators(null));

/** Every runtime helper Ajv's standalone code can need here: lengths, formats, deep equality. */
const story: JsonSchema = {
  type: 'object',
  required: ['title', 'tags'],
  additionalProperties: false,
  properties: {
    title: { type: 'string', minLength: 2, maxLength: 5 },
    email: { type: 'string', format: 'email' },
    tags: { type: 'array', uniqueItems: true, items: { enum: ['a', 'b', { c: 1 }] } },
  },
};
const samples: unknown[] = [
  { title: 'Ada', tags: [] },
  { title: '😀😀😀😀😀', tags: ['a', { c: 1 }] },
  { title: '😀😀😀😀😀😀', tags: [] },
  { title: 'A', tags: [] },
  { title: 'Ada', tags: ['a', 'a'] },
  { title: 'Ada', tags: [{ c: 1 }, { c: 1 }] },
  { title: 'Ada', tags: [], email: 'ada@example.com' },
  { title: 'Ada', tags: [], email: 'not an email' },
  { title: 'Ada', tags: [], extra: 1 },
  [],
  null,
];
/** The story schema under a text no other test compiled (this process keeps what it compiled). */
let texts = 0;
const fresh = (): JsonSchema => ({ ...story, $comment: `text ${++texts}` });
const dir = () => join(mkdtempSync(join(tmpdir(), 'validators-')), 'cache');

describe('storedValidatorFiles', () => {
  it('stores what Ajv compiled, and the loaded code agrees with a fresh compile on every sample', () => {
    const at = dir();
    const schema = fresh();
    rememberCompiledValidators(storedValidatorFiles(at, 'v1'));
    expect(schemaProblem(schema)).toBeNull();
    expect(readdirSync(at)).toHaveLength(1);
    const loaded = storedValidatorFiles(at, 'v1').load(JSON.stringify(schema));
    expect(loaded).toBeTypeOf('function');
    const compiled = compileSchema(schema);
    for (const data of samples) expect([data, loaded!(data)]).toEqual([data, compiled(data)]);
    // Both answers occur, so the agreement means something.
    expect(new Set(samples.map((d) => compiled(d)))).toEqual(new Set([true, false]));
  });

  it('loads nothing for another compiler, another text, or a file that does not load', () => {
    const at = dir();
    const text = JSON.stringify(fresh());
    rememberCompiledValidators(storedValidatorFiles(at, 'v1'));
    schemaProblem(JSON.parse(text));
    expect(storedValidatorFiles(at, 'v1').load(text)).toBeTypeOf('function');
    expect(storedValidatorFiles(at, 'v2').load(text)).toBeNull();
    expect(storedValidatorFiles(at, 'v1').load(JSON.stringify(fresh()))).toBeNull();
    const file = join(at, readdirSync(at)[0]!);
    const stored = readFileSync(file, 'utf8');
    // The same name with another text on its first line (a hash collision) is not this text's validator.
    writeFileSync(file, stored.replace('required', 'requirad'));
    expect(storedValidatorFiles(at, 'v1').load(text)).toBeNull();
    writeFileSync(file, stored.slice(0, stored.length / 2));
    expect(storedValidatorFiles(at, 'v1').load(text)).toBeNull();
    writeFileSync(file, stored);
    expect(storedValidatorFiles(at, 'v1').load(text)).toBeTypeOf('function');
  });

  it('a store that fails (a full disk, a name taken) leaves no temp file behind', () => {
    const first = dir();
    const real = storedValidatorFiles(first, 'v1');
    let stored: Parameters<StoredValidators['store']> | undefined;
    rememberCompiledValidators({ load: real.load, store: (...args) => real.store(...(stored = args)) });
    schemaProblem(fresh());
    const name = readdirSync(first)[0]!;
    // The same validator again, where its name is a folder: the rename after the temp file is written fails.
    const at = dir();
    mkdirSync(join(at, name, 'in-the-way'), { recursive: true });
    storedValidatorFiles(at, 'v1').store(...stored!);
    expect(readdirSync(at)).toEqual([name]);
  });

  it('keeps a text with line separators (U+2028, U+2029) on its first line', () => {
    const at = dir();
    const schema = { ...fresh(), description: 'one\u2028two\u2029three\nfour' };
    rememberCompiledValidators(storedValidatorFiles(at, 'v1'));
    expect(schemaProblem(schema)).toBeNull();
    const loaded = storedValidatorFiles(at, 'v1').load(JSON.stringify(schema));
    expect(loaded?.({ title: 'Ada', tags: [] })).toBe(true);
    expect(loaded?.({ title: 'A', tags: [] })).toBe(false);
  });

  it('stores nothing, without throwing, where it cannot write', () => {
    const base = mkdtempSync(join(tmpdir(), 'validators-'));
    writeFileSync(join(base, 'file'), ''); // a file where the folder would go
    const memory = storedValidatorFiles(join(base, 'file', 'cache'), 'v1');
    rememberCompiledValidators(memory);
    const schema = fresh();
    expect(schemaProblem(schema)).toBeNull();
    expect(memory.load(JSON.stringify(schema))).toBeNull();
  });

  it('refuses code that needs a module it does not provide', () => {
    expect(loadStandalone('module.exports = require("node:fs").existsSync;')).toBeNull();
    expect(loadStandalone('module.exports = () => true;')).toBeTypeOf('function');
  });
});

describe('validate with stored validators', () => {
  /** A memory whose validators are given per text; records what is stored. */
  const memory = (checks: Record<string, (d: unknown) => boolean> = {}) => {
    const storedTexts: string[] = [];
    const m: StoredValidators = {
      load: (text) => checks[text] ?? null,
      store: (text) => void storedTexts.push(text),
    };
    return { m, storedTexts };
  };

  it('takes a stored text as a schema that compiles, without compiling it', () => {
    // Proof that nothing compiled: a schema Ajv refuses, stored (as if) compiled, has no problem.
    const bad = { type: 'object', properties: { n: { type: 'string', minLength: -3 } } };
    rememberCompiledValidators(memory({ [JSON.stringify(bad)]: () => true }).m);
    expect(schemaProblem(bad)).toBeNull();
  });

  it('answers valid from the stored validator, and invalid only from Ajv itself', () => {
    const schema = { type: 'object', properties: { n: { type: 'integer', maximum: 3 } } };
    const text = JSON.stringify(schema);
    // A stored validator that disagrees with Ajv either way.
    rememberCompiledValidators(memory({ [text]: (d) => (d as { n: number }).n === 7 }).m);
    expect(validate(schema, { n: 7 })).toEqual({ ok: true, value: { n: 7 } });
    expect(validate(structuredClone(schema), { n: 2 })).toEqual({ ok: true, value: { n: 2 } });
    expect(validate(structuredClone(schema), { n: 'x' })).toEqual({
      ok: false,
      errors: ['/n: must be integer'],
    });
  });

  it('stores a schema it compiled, once, and a refused schema never', () => {
    const { m, storedTexts } = memory();
    rememberCompiledValidators(m);
    const schema = { type: 'object', properties: { when: { type: 'string', format: 'date' } } };
    expect(schemaProblem(schema)).toBeNull();
    expect(validate(structuredClone(schema), { when: '2026-11-24' }).ok).toBe(true);
    expect(schemaProblem({ type: 'object', properties: { n: { minLength: -1 } } })).toMatch(/invalid/);
    expect(storedTexts).toEqual([JSON.stringify(schema)]);
  });
});
