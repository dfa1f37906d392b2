import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { getSchema, isSchemaName, SCHEMA_NAMES, type JsonSchema, type SchemaData } from './schemas';
import { compileSchema, schemaProblem, validate } from './validate';
import type { Assertion } from '../../shared/assertions';
import type { AssertionDraft, StoriesOutput } from '../../shared/schema-types';

const repo = fileURLToPath(new URL('../../../', import.meta.url));

/** Every sub-schema of a document, with its JSON pointer. */
function* walk(node: unknown, path = '#'): Generator<[string, Record<string, unknown>]> {
  if (Array.isArray(node)) {
    for (const [i, v] of node.entries()) yield* walk(v, `${path}/${i}`);
  } else if (typeof node === 'object' && node !== null) {
    const obj = node as Record<string, unknown>;
    yield [path, obj];
    for (const [k, v] of Object.entries(obj)) {
      // `properties`/`definitions` hold names, not keywords; their values are schemas.
      if (k === 'enum' || k === 'const' || k === 'required') continue;
      yield* walk(v, `${path}/${k}`);
    }
  }
}

describe('schema files', () => {
  it.each(SCHEMA_NAMES)('%s compiles under a draft-07 strict Ajv, as the CLI compiles it', (name) => {
    const { schema } = getSchema(name);
    expect(() => new Ajv({ strict: true }).compile(schema)).not.toThrow();
    expect(schemaProblem(schema)).toBeNull();
    expect(typeof compileSchema(schema)).toBe('function');
  });

  it.each(SCHEMA_NAMES)('%s has a draft-07 object root and closes every object', (name) => {
    const { schema } = getSchema(name);
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema.type).toBe('object');
    for (const [path, node] of walk(schema)) {
      for (const later of ['prefixItems', '$defs', 'unevaluatedProperties', 'dependentRequired', '$anchor']) {
        expect(node, `${path} uses ${later}`).not.toHaveProperty(later);
      }
      if (node.type !== 'object') continue;
      expect(node.additionalProperties, `${path}.additionalProperties`).toBe(false);
      if (node.properties === undefined) continue; // a map (patternProperties): keys are data, nothing to require
      expect(Array.isArray(node.required), `${path}.required`).toBe(true);
      const props = Object.keys(node.properties as object);
      for (const key of node.required as string[]) expect(props, `${path} requires ${key}`).toContain(key);
    }
  });

  it('keeps the duplicated parts of self-contained files identical', async () => {
    const assertions = getSchema('assertions').schema;
    const sprint = getSchema('sprint-assertions').schema;
    expect(sprint.definitions).toEqual(assertions.definitions);
    const { $schema: _s, ...plan } = getSchema('plan').schema;
    expect((getSchema('plan-refinement').schema.properties as JsonSchema).plan).toEqual(plan);
  });

  it('registers the envelopes: stories, reverse and title unwrap, the others do not', () => {
    expect(getSchema('stories').envelope).toBe('stories');
    expect(getSchema('reverse').envelope).toBe('stories');
    expect(getSchema('title').envelope).toBe('title');
    for (const n of SCHEMA_NAMES.filter((n) => !['stories', 'title', 'reverse'].includes(n))) {
      expect(getSchema(n).envelope).toBeUndefined();
    }
    expect(isSchemaName('plan')).toBe(true);
    expect(isSchemaName('toString')).toBe(false);
    // Compile-time: the unwrapped types are the envelope contents.
    const stories: SchemaData<'stories'> = [] satisfies StoriesOutput['stories'];
    const title: SchemaData<'title'> = 'Add dark mode';
    expect([stories, title]).toEqual([[], 'Add dark mode']);
  });

  it('generated src/shared/schema-types.ts is up to date (run `npm run gen:types`)', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['scripts/gen-schema-types.mjs', '--stdout'],
      {
        cwd: repo,
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    const onDisk = await readFile(`${repo}src/shared/schema-types.ts`, 'utf8');
    expect(onDisk).toBe(stdout);
    expect(onDisk).toMatch(/^\/\*\*\n \* GENERATED FILE/);
  });

  it('generated assertion drafts fit the assertion domain type once they have an id', () => {
    // Compile-time check: tsc rejects this file if the schema and src/shared/assertions.ts drift apart.
    const toDomain = (d: AssertionDraft & { id: string }): Assertion => d;
    const draft: AssertionDraft = {
      type: 'FILE_EXISTS',
      target: 'src/a.ts',
      message: 'a exists',
      assertion: {},
    };
    expect(toDomain({ ...draft, id: 'A1' }).id).toBe('A1');
  });
});

describe('schema contents', () => {
  const title = getSchema('title').schema;
  it.each(['Add dark mode', 'Fix login', 'Export plan to markdown files'])('accepts the title %j', (t) => {
    expect(validate(title, { title: t })).toEqual({ ok: true, value: { title: t } });
  });
  it.each([
    ['one word', 'Login'],
    ['six words', 'One two three four five six'],
    ['over 50 characters', 'Implementation of extraordinarily comprehensive functionalities'],
    ['leading space', ' Add dark mode'],
    ['double space', 'Add  dark mode'],
    ['newline', 'Add dark\nmode'],
    ['quotes', '"Add dark mode"'],
  ])('rejects a title with %s', (_why, t) => {
    expect(validate(title, { title: t }).ok).toBe(false);
  });

  it('sprint assertions: story ids are keys, other keys are rejected', () => {
    const schema = getSchema('sprint-assertions').schema;
    const item = { type: 'PATTERN_MATCH', target: 'src/**/*.ts', message: 'm', assertion: { pattern: 'x' } };
    expect(validate(schema, { 'story-1': [item], 'a1b2c3d4-0000': [item] }).ok).toBe(true);
    expect(validate(schema, {})).toMatchObject({ ok: false });
    expect(validate(schema, { 'Here are the assertions': [item] })).toEqual({
      ok: false,
      errors: ['(root): unexpected property "Here are the assertions"'],
    });
  });

  it('assertions: reports the problems of the variant the item names, not of all ten', () => {
    const schema = getSchema('assertions').schema;
    const bad = { type: 'FILE_CONTAINS', target: 'a.ts', message: 'm', assertion: { match: 'literal' } };
    expect(validate(schema, { assertions: [bad] })).toEqual({
      ok: false,
      errors: ['/assertions/0/assertion: missing required property "content"'],
    });
    const unknown = { type: 'FILE_GONE', target: 'a.ts', message: 'm', assertion: {} };
    const result = validate(schema, { assertions: [unknown] });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toEqual([
      expect.stringMatching(
        /^\/assertions\/0\/type: must be one of "FILE_EXISTS", "FILE_CONTAINS", .*"CSS_SELECTOR_EXISTS"$/,
      ),
    ]);
  });

  it('assertions: accepts each of the ten types with its own parameters', () => {
    const schema = getSchema('assertions').schema;
    const base = { target: 'src/x.ts', message: 'checks x' };
    const items = [
      { type: 'FILE_EXISTS', assertion: { type: 'file' } },
      { type: 'FILE_CONTAINS', assertion: { match: 'regex', content: 'foo\\(', flags: 'i' } },
      { type: 'FUNCTION_SIGNATURE', assertion: { function_name: 'Foo.bar', parameters: ['a'], async: true } },
      { type: 'EXPORT_EXISTS', assertion: { exports: [{ name: 'x', type: 'const' }] } },
      { type: 'IMPORT_EXISTS', assertion: { module: 'node:fs', imports: ['readFile'] } },
      { type: 'PATTERN_MATCH', assertion: { pattern: 'TODO', operator: 'absent' } },
      { type: 'CLASS_STRUCTURE', assertion: { class_name: 'A', methods: ['m'], extends: 'B' } },
      { type: 'JSON_PROPERTY', assertion: { path: 'scripts.test', expected: { nested: [1] } } },
      { type: 'IPC_HANDLER_REGISTERED', assertion: { handlers: ['a:b'], methods: ['handle'] } },
      { type: 'CSS_SELECTOR_EXISTS', assertion: { selector: '.btn:hover' } },
    ].map((i) => ({ ...base, ...i }));
    expect(validate(schema, { assertions: items }).ok).toBe(true);
    // A parameter of another type is not allowed (closed objects per variant).
    const crossed = { ...base, type: 'FILE_EXISTS', assertion: { selector: '.btn' } };
    expect(validate(schema, { assertions: [crossed] })).toEqual({
      ok: false,
      errors: ['/assertions/0/assertion: unexpected property "selector"'],
    });
  });

  it('stories: needs at least one story with at least one criterion', () => {
    const schema = getSchema('stories').schema;
    const story = { title: 'T', description: 'As a user, I want x so that y', acceptanceCriteria: ['works'] };
    expect(validate(schema, { stories: [story] }).ok).toBe(true);
    expect(validate(schema, { stories: [] }).ok).toBe(false);
    expect(validate(schema, { stories: [{ ...story, acceptanceCriteria: [] }] })).toEqual({
      ok: false,
      errors: ['/stories/0/acceptanceCriteria: must NOT have fewer than 1 items'],
    });
  });
});
