/** Errors that cross the IPC boundary: plain data, so they survive structured clone and JSON. */
import type { ErrorCode, ErrorDetails } from '../errors';

/** One error as data; narrowing on `code` types `details` (e.g. prompt codes carry PromptErrorDiagnostics). */
export type IpcErrorData = {
  [C in ErrorCode]: { code: C; message: string; details?: ErrorDetails<C> };
}[ErrorCode];

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcErrorData };

/** Builds the data of one error; `details` is omitted when there are none, as plain JSON would. */
export function errorData<C extends ErrorCode>(
  code: C,
  message: string,
  details?: ErrorDetails<C>,
): IpcErrorData {
  // The compiler cannot correlate a generic C with the union member it selects; the signature above checks it.
  return (details === undefined ? { code, message } : { code, message, details }) as IpcErrorData;
}

/** Thrown by the renderer-side client when main answered with an error. */
export class IpcError extends Error {
  readonly code: ErrorCode;
  readonly details: IpcErrorData['details'];
  readonly data: IpcErrorData;
  constructor(data: IpcErrorData) {
    super(data.message);
    this.name = 'IpcError';
    this.code = data.code;
    this.details = data.details;
    this.data = data;
  }
}
