/**
 * Our own validation of structured output: draft-07 Ajv in strict mode (the CLI's vocabulary, so a schema the CLI
 * would reject fails here first), every error collected, and `format` actually checked (the CLI accepts formats but
 * does not check them). Compiled validators are cached per schema.
 */
import type { Ajv, ValidateFunction } from 'ajv';
import type { JsonSchema } from './schemas';
import { LENGTH_KEYWORDS_SETUP, useBoundedLengthChecks } from './lengthKeywords';
import { describeErrors } from './validationErrors';
import type { CheckedSchemas } from './checkedSchemas';
import type { StoredCheck, StoredValidators } from './storedValidators';
import { ajvFormatsModule, ajvModule } from './lazyAjv';

const BY_CONTENT_LIMIT = 64;

let ajv: Ajv | null = null;
const byObject = new WeakMap<object, ValidateFunction>();
const byContent = new Map<string, ValidateFunction>();
let checked: CheckedSchemas | null = null;
let stored: StoredValidators | null = null;
/** Stored validators loaded in this process, by schema text. */
const storedByText = new Map<string, StoredCheck>();

/** Where schema texts that passed the meta-schema check are remembered across processes (null: nowhere). */
export function rememberCheckedSchemas(memory: CheckedSchemas | null): void {
  checked = memory;
}

/** Where compiled validators are kept across processes (null: nowhere); see storedValidators.ts. */
export function rememberCompiledValidators(memory: StoredValidators | null): void {
  stored = memory;
  storedByText.clear();
}

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

function instance(): Ajv {
  ajv ??= instanceOf();
  return ajv;
}

const texts = new WeakMap<object, string>();
function textOf(schema: JsonSchema): string {
  let text = texts.get(schema);
  if (text === undefined) texts.set(schema, (text = JSON.stringify(schema)));
  return text;
}

/** Compiles (or reuses) a validator; throws Ajv's own error when the schema itself is invalid. */
export function compileSchema(schema: JsonSchema): ValidateFunction {
  const cached = byObject.get(schema);
  if (cached) return cached;
  const key = textOf(schema);
  let fn = byContent.get(key);
  if (!fn) {
    fn = compileChecked(instance(), schema, key);
    byContent.set(key, fn);
    // Bounded: schemas handed in from outside (puffin prompt --schema) must not grow the cache forever.
    if (byContent.size > BY_CONTENT_LIMIT) byContent.delete(byContent.keys().next().value as string);
  }
  byObject.set(schema, fn);
  return fn;
}

/**
 * A whole schema's validator, to tell valid from invalid: the one compiled in this process, else the one stored
 * by an earlier process (no compiling), else compiled now and stored. Throws Ajv's error for an invalid schema.
 */
function validatorOf(schema: JsonSchema): StoredCheck {
  const text = textOf(schema);
  const compiled = byObject.get(schema) ?? byContent.get(text);
  if (compiled) return compiled;
  if (!stored) return compileSchema(schema);
  const known = storedByText.get(text);
  if (known) return known;
  const loaded = stored.load(text);
  if (loaded) {
    storedByText.set(text, loaded);
    if (storedByText.size > BY_CONTENT_LIMIT) storedByText.delete(storedByText.keys().next().value as string);
    return loaded;
  }
  const fn = compileSchema(schema);
  stored.store(text, instance(), fn);
  return fn;
}

/**
 * Compiles, checking the schema against the meta-schema unless its text passed that check before. Strict mode's
 * own checks (unknown keywords, formats) run at every compile either way.
 */
function compileChecked(ajv: Ajv, schema: JsonSchema, text: string): ValidateFunction {
  if (!checked?.has(text)) {
    const fn = ajv.compile(schema);
    checked?.add(text);
    return fn;
  }
  const opts = ajv.opts;
  const validateSchema = opts.validateSchema;
  opts.validateSchema = false;
  try {
    return ajv.compile(schema);
  } finally {
    opts.validateSchema = validateSchema;
  }
}

/** Returns the reason a schema cannot be used, or null when it compiles. */
export function schemaProblem(schema: unknown): string | null {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    return 'the schema must be a JSON object';
  if ((schema as JsonSchema).type !== 'object') return 'the schema root must have "type": "object"';
  try {
    // A stored validator means the text compiled (and passed the meta-schema) before.
    validatorOf(schema as JsonSchema);
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

export type ValidationOutcome<T> = { ok: true; value: T } | { ok: false; errors: string[] };

/** Validates data; on failure returns human-readable lines such as `/stories/0/title: must be string`. */
export function validate<T = unknown>(schema: JsonSchema, data: unknown): ValidationOutcome<T> {
  const check = validatorOf(schema);
  if (check(data)) return { ok: true, value: data as T };
  // Invalid: the errors come from Ajv itself (a stored validator that disagrees with it never decides).
  const fn = compileSchema(schema);
  if (fn !== check && fn(data)) return { ok: true, value: data as T };
  const validateAt = (pointer: string, value: unknown) => {
    const sub = compileSchema(subSchema(schema, pointer));
    return sub(value) ? [] : [...(sub.errors ?? [])];
  };
  return { ok: false, errors: describeErrors(fn.errors ?? [], schema, data, validateAt) };
}

const subSchemas = new WeakMap<JsonSchema, Map<string, JsonSchema>>();

/** A schema that validates against `pointer` inside `root`, keeping root's definitions reachable for $ref. */
function subSchema(root: JsonSchema, pointer: string): JsonSchema {
  let byPointer = subSchemas.get(root);
  if (!byPointer) subSchemas.set(root, (byPointer = new Map()));
  let sub = byPointer.get(pointer);
  if (!sub) {
    sub = { $ref: pointer };
    if (root.definitions) sub.definitions = root.definitions;
    if (root.$defs) sub.$defs = root.$defs;
    byPointer.set(pointer, sub);
  }
  return sub;
}
