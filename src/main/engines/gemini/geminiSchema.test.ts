import { describe, expect, it } from 'vitest';
import { getSchema, SCHEMA_NAMES } from '../../llm/schemas';
import { toGeminiSchema } from './geminiSchema';
import type { SchemaNode } from '../schemaShapes/schemaNodes';

function shaped(schema: SchemaNode): SchemaNode {
  const result = toGeminiSchema(schema);
  if ('unsupported' in result) throw new Error(result.unsupported);
  return result.schema;
}

describe('toGeminiSchema', () => {
  it('writes upper-case types, nullable, string enums, property order, and keeps sizes and ranges', () => {
    const original = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        title: { type: 'string', description: 'short', maxLength: 80, pattern: '^T' },
        points: { type: 'integer', minimum: 1, maximum: 13 },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 5 },
        size: { type: ['string', 'null'], enum: ['S', 'M', null] },
        kind: { const: 'story' },
        level: { type: 'integer', enum: [1, 2] },
      },
      required: ['title', 'points'],
      additionalProperties: false,
    };
    const before = JSON.stringify(original);
    const result = toGeminiSchema(original);
    expect(result).toEqual({
      schema: {
        type: 'OBJECT',
        properties: {
          title: { type: 'STRING', description: 'short' },
          points: { type: 'INTEGER', minimum: 1, maximum: 13 },
          tags: { type: 'ARRAY', items: { type: 'STRING' }, minItems: 1, maxItems: 5 },
          size: { type: 'STRING', nullable: true, enum: ['S', 'M'] },
          kind: { type: 'STRING', enum: ['story'] },
          level: { type: 'INTEGER' },
        },
        propertyOrdering: ['title', 'points', 'tags', 'size', 'kind', 'level'],
        required: ['title', 'points'],
      },
      notes: expect.arrayContaining([
        'dropped maxLength',
        'dropped pattern',
        'dropped additionalProperties',
        'dropped a non-string enum',
      ]) as unknown,
    });
    expect(JSON.stringify(original)).toBe(before);
  });

  it('inlines $ref and turns oneOf and type lists into anyOf', () => {
    const schema = shaped({
      type: 'object',
      properties: {
        who: { $ref: '#/definitions/person' },
        either: { oneOf: [{ type: 'string' }, { $ref: '#/definitions/person' }] },
        num: { type: ['string', 'number'] },
      },
      definitions: {
        person: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      },
    });
    const person = {
      type: 'OBJECT',
      properties: { name: { type: 'STRING' } },
      propertyOrdering: ['name'],
      required: ['name'],
    };
    const props = schema.properties as Record<string, SchemaNode>;
    expect(props.who).toEqual(person);
    expect(props.either).toEqual({ anyOf: [{ type: 'STRING' }, person] });
    expect(props.num).toEqual({ anyOf: [{ type: 'STRING' }, { type: 'NUMBER' }] });
  });

  it('says what the subset cannot express: a free map, a recursive $ref', () => {
    expect(toGeminiSchema({ type: 'object', properties: { m: { type: 'object' } } })).toEqual({
      unsupported: 'an object without named properties',
    });
    const recursive = toGeminiSchema({
      type: 'object',
      properties: { node: { $ref: '#/definitions/node' } },
      definitions: { node: { type: 'object', properties: { child: { $ref: '#/definitions/node' } } } },
    });
    expect(recursive).toEqual({ unsupported: expect.stringContaining('recursive') as unknown });
  });

  const MAP_ROOTED = 'sprint-assertions'; // a map keyed by story id: no subset equivalent

  it.each(SCHEMA_NAMES.filter((n) => n !== MAP_ROOTED))(
    'shapes Puffin\'s "%s" schema without $ref, oneOf, const or lower-case types',
    (name) => {
      const text = JSON.stringify(shaped(getSchema(name).schema));
      expect(text).not.toMatch(/"\$ref":|"oneOf":|"const":|"additionalProperties":|"type":"[a-z]/);
    },
  );

  it('calls the map-rooted sprint-assertions schema unsupported by the subset', () => {
    expect(toGeminiSchema(getSchema(MAP_ROOTED).schema)).toEqual({
      unsupported: 'an object without named properties',
    });
  });
});
