/**
 * Our own validation of structured output and of stored records, through the validators of the composition root
 * whose request is running (each root owns its set, disposed with it); outside any root's request (tests, a
 * script) through this process's own set.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ValidateFunction } from 'ajv';
import type { JsonSchema } from './schemas';
import { SchemaValidators, type ValidationOutcome } from './schemaValidators';
import type { StoredValidators } from './storedValidators';

export { SchemaValidators, VALIDATOR_SETUP, type ValidationOutcome } from './schemaValidators';

const processValidators = new SchemaValidators();
const scope = new AsyncLocalStorage<SchemaValidators>();

/** Runs `job` (and everything it starts) with `validators` as the ones validate() uses. */
export function withValidators<T>(validators: SchemaValidators, job: () => T): T {
  return scope.run(validators, job);
}

function current(): SchemaValidators {
  return scope.getStore() ?? processValidators;
}

/** Where this process's own set keeps compiled validators (null: nowhere); see storedValidators.ts. */
export function rememberCompiledValidators(memory: StoredValidators | null): void {
  processValidators.remember({ stored: memory });
}

/** Compiles (or reuses) a validator; throws Ajv's own error when the schema itself is invalid. */
export function compileSchema(schema: JsonSchema): ValidateFunction {
  return current().compileSchema(schema);
}

/** Returns the reason a schema cannot be used, or null when it compiles. */
export function schemaProblem(schema: unknown): string | null {
  return current().schemaProblem(schema);
}

/** Validates data; on failure returns human-readable lines such as `/stories/0/title: must be string`. */
export function validate<T = unknown>(schema: JsonSchema, data: unknown): ValidationOutcome<T> {
  return current().validate<T>(schema, data);
}
