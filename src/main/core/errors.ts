import type { IpcErrorCode, IpcErrorData } from '../../shared/ipc/errors';

/** A failure a user can act on; crosses IPC as `{code, message, details}`. */
export class ServiceError extends Error {
  constructor(
    readonly code: IpcErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

interface CodedError {
  code: string;
  message: string;
  toJSON?: () => unknown;
}

function isCoded(err: unknown): err is CodedError {
  return (
    err instanceof Error &&
    typeof (err as Partial<CodedError>).code === 'string' &&
    // Node system errors (ENOENT...) have codes too, but they are not user-facing as they are.
    !/^E[A-Z]+$/.test((err as unknown as CodedError).code)
  );
}

/** Maps anything thrown by a service to the plain error data sent back over IPC. */
export function toIpcError(err: unknown): IpcErrorData {
  if (err instanceof ServiceError) {
    return err.details === undefined
      ? { code: err.code, message: err.message }
      : { code: err.code, message: err.message, details: err.details };
  }
  if (isCoded(err)) {
    const details = typeof err.toJSON === 'function' ? err.toJSON() : undefined;
    return details === undefined
      ? { code: err.code, message: err.message }
      : { code: err.code, message: err.message, details };
  }
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'internal_error', message: `Unexpected error: ${message}` };
}
