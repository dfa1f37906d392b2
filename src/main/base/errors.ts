import { isNulPathError, NUL_PATH_MESSAGE } from './nulPaths';
import { isErrorCode, type ErrorCode, type ErrorDetails } from '../../shared/errors';
import { errorData, type IpcErrorData } from '../../shared/ipc/errors';

/** A failure a user can act on; crosses IPC as `{code, message, details}`, details typed by the code. */
export class ServiceError<C extends ErrorCode = ErrorCode> extends Error {
  constructor(
    readonly code: C,
    message: string,
    readonly details?: ErrorDetails<C>,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

/**
 * Maps anything thrown by a service to the plain error data sent back over IPC. A PromptError (llm/) sends its
 * diagnostics as details (what the renderer's help reads). Other errors with a listed code (e.g. the store's
 * `store_too_new`) pass through; anything else, Node's system errors (ENOENT...) included, is an internal error.
 */
export function toIpcError(err: unknown): IpcErrorData {
  if (err instanceof ServiceError) return errorData(err.code, err.message, err.details);
  const coded = err as { code?: unknown; toJSON?: unknown; diagnostics?: unknown } | null;
  if (err instanceof Error && isErrorCode(coded?.code)) {
    // llm's PromptError, recognised by its shape so that base/ imports nothing from the folders built on it.
    if (err.name === 'PromptError' && typeof coded.diagnostics === 'object' && coded.diagnostics !== null) {
      return errorData(coded.code, err.message, coded.diagnostics as ErrorDetails<typeof coded.code>);
    }
    // Prefer ServiceError (typed details); an Error with a listed code may still send plain details via toJSON.
    const details: unknown =
      typeof coded.toJSON === 'function' ? (coded.toJSON as () => unknown)() : undefined;
    return errorData(coded.code, err.message, details as ErrorDetails<typeof coded.code> | undefined);
  }
  // A NUL in a path the request did not name as one (e.g. inside a stored setting) is still the caller's input.
  if (isNulPathError(err)) return { code: 'invalid_payload', message: NUL_PATH_MESSAGE };
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'internal_error', message: `Unexpected error: ${message}` };
}
