/** Thrown anywhere during one assertion's evaluation; becomes an `error` result with this message as reason. */
export class AssertionEvalError extends Error {
  override readonly name = 'AssertionEvalError';
}

/** A type-specific field is missing or has the wrong shape. */
export function malformed(field: string, problem = 'is missing'): AssertionEvalError {
  return new AssertionEvalError(`malformed assertion: field "${field}" ${problem}`);
}
