/** Errors that cross the IPC boundary: plain data, so they survive structured clone and JSON. */
export type IpcErrorCode =
  | 'unknown_channel'
  | 'invalid_payload'
  | 'forbidden_sender'
  | 'unauthorized'
  | 'not_supported'
  | 'not_found'
  | 'not_a_directory'
  | 'not_writable'
  | 'store_not_writable'
  | 'disk_full'
  | 'not_a_project_folder'
  | 'corrupt_file'
  | 'no_project'
  | 'internal_error'
  | (string & {}); // service-specific codes (e.g. PromptError codes) pass through

export interface IpcErrorData {
  code: IpcErrorCode;
  message: string;
  details?: unknown;
}

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcErrorData };

/** Thrown by the renderer-side client when main answered with an error. */
export class IpcError extends Error {
  readonly code: IpcErrorCode;
  readonly details: unknown;
  constructor(data: IpcErrorData) {
    super(data.message);
    this.name = 'IpcError';
    this.code = data.code;
    this.details = data.details;
  }
}
