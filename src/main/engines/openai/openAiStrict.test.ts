import { describe, expect, it } from 'vitest';
import { getSchema, SCHEMA_NAMES } from '../../llm/schemas';
import { validate } from '../../llm/validate';
import { dropIntroducedNulls } from '../schemaShapes/introducedNulls';
import { nullable, toOpenAiStrictSchema } from './openAiStrict';
import type { SchemaNode } from '../schemaShapes/schemaNodes';

const GOALS = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    goals: { type: 'array', items: { type: 'string', minLength: 3 }, minItems: 2, maxItems: 3 },
    confidence: { type: 'integer', minimum: 0, maximum: 100 },
    status: { type: 'string', enum: ['open', 'done'] },
    note: { type: 'string', pattern: '^n' },
    owner: { $ref: '#/definitions/person' },
  },
  required: ['goals', 'confidence'],
  definitions: {
    person: {
      type: 'object',
      properties: { name: { type: 'string' }, age: { type: 'integer' } },
      required: ['name'],
    },
  },
};

/** Every object schema inside a schema (through properties, items, anyOf branches and definitions). */
function objectNodes(node: SchemaNode, out: SchemaNode[] = []): SchemaNode[] {
  const children: unknown[] = [node.items, ...(Array.isArray(node.anyOf) ? node.anyOf : [])];
  for (const map of [node.properties, node.definitions, node.$defs]) {
    if (map && typeof map === 'object') children.push(...Object.values(map));
  }
  if (node.properties && typeof node.properties === 'object') out.push(node);
  for (const child of children) {
    if (child && typeof child === 'object' && !Array.isArray(child)) objectNodes(child as SchemaNode, out);
  }
  return out;
}

describe('toOpenAiStrictSchema', () => {
  it('lists every property as required, closes every object and makes the optional ones nullable', () => {
    const { schema, strict } = toOpenAiStrictSchema(GOALS);
    expect(strict).toBe(true);
    const props = schema.properties as Record<string, SchemaNode>;
    expect(schema.required).toEqual(['goals', 'confidence', 'status', 'note', 'owner']);
    expect(schema.additionalProperties).toBe(false);
    expect(props.goals!.type).toBe('array');
    expect(props.status).toEqual({ type: ['string', 'null'], enum: ['open', 'done', null] });
    expect(props.note).toEqual({ type: ['string', 'null'] });
    expect(props.owner).toEqual({ anyOf: [{ $ref: '#/definitions/person' }, { type: 'null' }] });
    const person = (schema.definitions as Record<string, SchemaNode>).person!;
    expect(person).toMatchObject({ required: ['name', 'age'], additionalProperties: false });
    expect((person.properties as Record<string, SchemaNode>).age).toEqual({ type: ['integer', 'null'] });
  });

  it('drops the constraint keywords strict mode rejects, on a copy (the original keeps them)', () => {
    const before = JSON.stringify(GOALS);
    const { schema, notes } = toOpenAiStrictSchema(GOALS);
    const text = JSON.stringify(schema);
    for (const keyword of ['minItems', 'maxItems', 'minimum', 'maximum', 'minLength', 'pattern', '$schema']) {
      expect(text).not.toContain(`"${keyword}"`);
    }
    expect(notes).toEqual(expect.arrayContaining(['dropped minItems', 'dropped pattern']));
    expect(JSON.stringify(GOALS)).toBe(before);
  });

  it('turns oneOf into anyOf and const into a one-value enum', () => {
    const { schema } = toOpenAiStrictSchema({
      type: 'object',
      properties: {
        shape: {
          oneOf: [
            { type: 'object', properties: { kind: { const: 'a' } }, required: ['kind'] },
            {
              type: 'object',
              properties: { kind: { const: 'b' }, n: { type: 'number' } },
              required: ['kind'],
            },
          ],
        },
      },
      required: ['shape'],
    });
    const shape = (schema.properties as Record<string, SchemaNode>).shape!;
    expect(shape.oneOf).toBeUndefined();
    expect(shape.anyOf).toEqual([
      {
        type: 'object',
        properties: { kind: { enum: ['a'] } },
        required: ['kind'],
        additionalProperties: false,
      },
      {
        type: 'object',
        properties: { kind: { enum: ['b'] }, n: { type: ['number', 'null'] } },
        required: ['kind', 'n'],
        additionalProperties: false,
      },
    ]);
  });

  it('sends what strict mode cannot express (a free map, allOf) with strict false', () => {
    const map = toOpenAiStrictSchema({
      type: 'object',
      properties: { tags: { type: 'object', additionalProperties: { type: 'string' } } },
      required: ['tags'],
    });
    expect(map.strict).toBe(false);
    expect(map.notes.join()).toContain('without named properties');
    expect(toOpenAiStrictSchema({ type: 'object', properties: {}, allOf: [] }).strict).toBe(false);
  });

  it('keeps nullable schemas as they are and wraps untyped ones', () => {
    expect(nullable({ type: ['string', 'null'] })).toEqual({ type: ['string', 'null'] });
    expect(nullable({ enum: ['x'] })).toEqual({ enum: ['x', null] });
    expect(nullable({ anyOf: [{ type: 'string' }] })).toEqual({
      anyOf: [{ type: 'string' }, { type: 'null' }],
    });
    expect(nullable({})).toEqual({ anyOf: [{}, { type: 'null' }] });
  });

  it.each(SCHEMA_NAMES)('gives Puffin\'s "%s" schema closed objects with every property required', (name) => {
    const { schema, strict } = toOpenAiStrictSchema(getSchema(name).schema);
    // The sprint-assertions root is a map keyed by story id (patternProperties): not expressible strictly.
    expect(strict).toBe(name !== 'sprint-assertions');
    const objects = objectNodes(schema);
    expect(objects.length).toBeGreaterThan(0);
    for (const node of objects) {
      expect(node.additionalProperties).toBe(false);
      expect(node.required).toEqual(Object.keys(node.properties as object));
    }
  });
});

describe('an answer to the strict shape, validated against the original', () => {
  const strictAnswer = {
    goals: ['alpha', 'beta'],
    confidence: 40,
    status: null,
    note: null,
    owner: { name: 'Ada', age: null },
  };

  it('is valid once the introduced nulls are removed', () => {
    expect(validate(GOALS, strictAnswer).ok).toBe(false);
    const cleaned = dropIntroducedNulls(strictAnswer, GOALS);
    expect(cleaned).toEqual({ goals: ['alpha', 'beta'], confidence: 40, owner: { name: 'Ada' } });
    expect(validate(GOALS, cleaned).ok).toBe(true);
    expect(strictAnswer.status).toBeNull(); // the answer itself is not changed
  });

  it('still fails on the constraints strict mode did not carry: range, enum, array size', () => {
    for (const bad of [
      { ...strictAnswer, confidence: 101 },
      { ...strictAnswer, status: 'closed' },
      { ...strictAnswer, goals: ['alpha', 'beta', 'gamma', 'delta'] },
      { ...strictAnswer, goals: ['ab', 'beta'] },
    ]) {
      expect(validate(GOALS, dropIntroducedNulls(bad, GOALS)).ok).toBe(false);
    }
  });
});
