/**
 * One set of compiled validators: draft-07 Ajv in strict mode (the CLI's vocabulary, so a schema the CLI would
 * reject fails here first), every error collected, `format` actually checked. Each composition root owns one,
 * with its own on-disk memory of compiled validators, and disposes it with itself.
 */
import type { Ajv, ValidateFunction } from 'ajv';
import type { JsonSchema } from './schemas';
import { LENGTH_KEYWORDS_SETUP, useBoundedLengthChecks } from './lengthKeywords';
import { describeErrors } from './validationErrors';
import type { StoredCheck, StoredValidators } from './storedValidators';
import { ajvFormatsModule, ajvModule } from './lazyAjv';

const BY_CONTENT_LIMIT = 64;

export type ValidationOutcome<T> = { ok: true; value: T } | { ok: false; errors: string[] };

/**
 * What a stored validator depends on besides Ajv's version and the schema text: how this module configures Ajv
 * (options, formats, the length keywords). Their source text, so that editing them never reuses old code.
 */
export const VALIDATOR_SETUP = [String(instanceOf), LENGTH_KEYWORDS_SETUP].join('\n');

function instanceOf(): Ajv {
  // code.source: keeps each validator's code, which storedValidators.ts writes out.
  const created = new (ajvModule().Ajv)({
    strict: true,
    allErrors: true,
    verbose: true,
    code: { source: true },
  });
  // ajv-formats is CommonJS: its callable is the module itself (required) and its `.default`.
  ajvFormatsModule().default(created);
  useBoundedLengthChecks(created);
  return created;
}

const texts = new WeakMap<object, string>();
function textOf(schema: JsonSchema): string {
  let text = texts.get(schema);
  if (text === undefined) texts.set(schema, (text = JSON.stringify(schema)));
  return text;
}

/** Where compiled validators are kept across processes (storedValidators.ts). */
export interface ValidatorMemories {
  stored?: StoredValidators | null;
}

export class SchemaValidators {
  private ajv: Ajv | null = null;
  private byObject = new WeakMap<object, ValidateFunction>();
  private readonly byContent = new Map<string, ValidateFunction>();
  /** Stored validators loaded by this set, by schema text. */
  private readonly storedByText = new Map<string, StoredCheck>();
  private readonly subSchemas = new WeakMap<JsonSchema, Map<string, JsonSchema>>();

  constructor(private memories: ValidatorMemories = {}) {}

  /** How many validators this set holds (compiled, or loaded from the stored ones). */
  get size(): number {
    return this.byContent.size + this.storedByText.size;
  }

  /** Replaces the memories (and forgets the stored validators loaded from the old ones). */
  remember(memories: ValidatorMemories): void {
    this.memories = { ...this.memories, ...memories };
    if ('stored' in memories) this.storedByText.clear();
  }

  /** Drops every validator and the Ajv instance; the set starts empty if used again. */
  dispose(): void {
    this.ajv = null;
    this.byObject = new WeakMap();
    this.byContent.clear();
    this.storedByText.clear();
    this.memories = {};
  }

  /** Compiles (or reuses) a validator; throws Ajv's own error when the schema itself is invalid. */
  compileSchema(schema: JsonSchema): ValidateFunction {
    const cached = this.byObject.get(schema);
    if (cached) return cached;
    const key = textOf(schema);
    let fn = this.byContent.get(key);
    if (!fn) {
      fn = this.instance().compile(schema);
      this.byContent.set(key, fn);
      // Bounded: schemas handed in from outside (puffin prompt --schema) must not grow the cache forever.
      if (this.byContent.size > BY_CONTENT_LIMIT)
        this.byContent.delete(this.byContent.keys().next().value as string);
    }
    this.byObject.set(schema, fn);
    return fn;
  }

  /** Returns the reason a schema cannot be used, or null when it compiles. */
  schemaProblem(schema: unknown): string | null {
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
      return 'the schema must be a JSON object';
    if ((schema as JsonSchema).type !== 'object') return 'the schema root must have "type": "object"';
    try {
      // A stored validator means the text compiled (and passed the meta-schema) before.
      this.validatorOf(schema as JsonSchema);
      return null;
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    }
  }

  /** Validates data; on failure returns human-readable lines such as `/stories/0/title: must be string`. */
  validate<T = unknown>(schema: JsonSchema, data: unknown): ValidationOutcome<T> {
    const check = this.validatorOf(schema);
    if (check(data)) return { ok: true, value: data as T };
    // Invalid: the errors come from Ajv itself (a stored validator that disagrees with it never decides).
    const fn = this.compileSchema(schema);
    if (fn !== check && fn(data)) return { ok: true, value: data as T };
    const validateAt = (pointer: string, value: unknown) => {
      const sub = this.compileSchema(this.subSchema(schema, pointer));
      return sub(value) ? [] : [...(sub.errors ?? [])];
    };
    return { ok: false, errors: describeErrors(fn.errors ?? [], schema, data, validateAt) };
  }

  private instance(): Ajv {
    this.ajv ??= instanceOf();
    return this.ajv;
  }

  /**
   * A whole schema's validator, to tell valid from invalid: the one compiled here, else the one stored by an
   * earlier process (no compiling), else compiled now and stored. Throws Ajv's error for an invalid schema.
   */
  private validatorOf(schema: JsonSchema): StoredCheck {
    const text = textOf(schema);
    const compiled = this.byObject.get(schema) ?? this.byContent.get(text);
    if (compiled) return compiled;
    const stored = this.memories.stored;
    if (!stored) return this.compileSchema(schema);
    const known = this.storedByText.get(text);
    if (known) return known;
    const loaded = stored.load(text);
    if (loaded) {
      this.storedByText.set(text, loaded);
      if (this.storedByText.size > BY_CONTENT_LIMIT)
        this.storedByText.delete(this.storedByText.keys().next().value as string);
      return loaded;
    }
    const fn = this.compileSchema(schema);
    stored.store(text, this.instance(), fn);
    return fn;
  }

  /** A schema that validates against `pointer` inside `root`, keeping root's definitions reachable for $ref. */
  private subSchema(root: JsonSchema, pointer: string): JsonSchema {
    let byPointer = this.subSchemas.get(root);
    if (!byPointer) this.subSchemas.set(root, (byPointer = new Map()));
    let sub = byPointer.get(pointer);
    if (!sub) {
      sub = { $ref: pointer };
      if (root.definitions) sub.definitions = root.definitions;
      if (root.$defs) sub.$defs = root.$defs;
      byPointer.set(pointer, sub);
    }
    return sub;
  }
}
