/**
 * Building blocks of the record schemas (the files of the project store). A record schema describes what is on
 * disk: changing one so that files written before no longer pass needs a store migration (store/migrations.ts).
 */
import { PROVIDER_NAMES } from '../../../shared/engines';
import { ID_PATTERN } from '../../../shared/ids';
import type { JsonSchema } from '../../llm/schemas';

export const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/** A key of another record (a file name): the one id rule. */
export const id = { type: 'string', pattern: ID_PATTERN } as const;

/** A time as the app writes it (`Date.toISOString()`). */
export const time = { type: 'string', minLength: 1 } as const;

export const text = { type: 'string' } as const;
export const texts = { type: 'array', items: text } as const;

/** A revision's number in a revision log (the log keeps every revision; `current` names one of them). */
export const revisionNumber = { type: 'integer', minimum: 1 } as const;

/** What every revision in a revision log (a sprint's plans, a review's stories) says first: which, what made it, when. */
export function revisionHead<Kinds extends readonly string[]>(kinds: Kinds) {
  return {
    number: { ...revisionNumber, description: '1-based, in creation order; never reused.' },
    kind: { type: 'string', enum: kinds },
    createdAt: time,
  } as const;
}

/** For a `restored` revision: the one it copies. */
export const restoredFrom = {
  ...revisionNumber,
  description: 'For `restored`: the revision it copies.',
} as const;

export function nullable(schema: JsonSchema): JsonSchema {
  return { anyOf: [schema, { type: 'null' }] };
}

/** A closed object whose listed properties are all required except `optional`. */
export function record(
  title: string | undefined,
  properties: Record<string, unknown>,
  optional: readonly string[] = [],
): JsonSchema {
  return {
    ...(title ? { title } : {}),
    type: 'object',
    additionalProperties: false,
    required: Object.keys(properties).filter((k) => !optional.includes(k)),
    properties,
  };
}

/** A copy of a schema without some keywords (keys under properties/definitions are names, kept). */
export function without(schema: unknown, keywords: ReadonlySet<string>): JsonSchema {
  const strip = (node: unknown, names: boolean): unknown => {
    if (Array.isArray(node)) return node.map((n) => strip(n, false));
    if (typeof node !== 'object' || node === null) return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if (names) out[k] = strip(v, false);
      else if (!keywords.has(k))
        out[k] = strip(v, k === 'properties' || k === 'definitions' || k === 'patternProperties');
    }
    return out;
  };
  return strip(schema, false) as JsonSchema;
}

const SIZE_KEYWORDS = new Set([
  '$schema',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
]);

/**
 * A workflow schema's part as stored: the same shape, without the size limits the model is asked to keep (those
 * may change with a prompt; records already written must still load). Typed as the workflow's own type
 * (`tsType`, read by the type generator and dropped before Ajv compiles the schema).
 */
export function storedAs(typeName: string, schema: unknown): JsonSchema {
  // Without its title, which would declare the type a second time.
  const { title: _, ...shape } = without(schema, SIZE_KEYWORDS);
  return { ...shape, tsType: typeName };
}

const count = nullable({ type: 'integer', minimum: 0 });

/** Who answered a call and what it cost (store version 3 added provider and engineVersion: migrations.ts). */
export const generationMeta = record(
  'GenerationMeta',
  {
    provider: {
      type: 'string',
      enum: PROVIDER_NAMES,
      description: 'The engine that answered (or was asked).',
    },
    /** The Claude Code CLI's version (claude-cli only; kept for records and readers written before providers). */
    cliVersion: nullable(text),
    engineVersion: nullable(text),
    costUsd: nullable({
      type: 'number',
      description: 'null when unknown (e.g. a model without a price): never 0.',
    }),
    turns: nullable({ type: 'number' }),
    durationMs: nullable({ type: 'number' }),
    sessionId: nullable(text),
    model: nullable(text),
    mode: nullable({ type: 'string', enum: ['native', 'tool'] }),
    tokensIn: count,
    tokensOut: count,
  },
  ['mode', 'tokensIn', 'tokensOut'],
);

/**
 * An assertion as stored (and as the engine receives it): the fields every assertion has. The type-specific
 * `assertion` object is checked by each evaluator when it runs (a hand-written set may hold a typo there, reported
 * per assertion, not as a bad file). Every typed `Assertion` is one.
 */
export const storedAssertion: JsonSchema = {
  title: 'RawAssertion',
  type: 'object',
  required: ['id', 'type', 'target'],
  properties: {
    id: { type: 'string', minLength: 1 },
    type: { type: 'string', minLength: 1 },
    target: { type: 'string', minLength: 1 },
    message: text,
    criterion: { anyOf: [text, { type: 'number' }] },
    assertion: {},
  },
};
