import { isErrorCode } from '../../../shared/errors';
import { IpcError, type IpcErrorData } from '../../../shared/ipc/errors';
import type { Notice } from './types';

/** The renderer's one error type: the contract's error data (code from the shared list, message, details). */
export type UiError = IpcErrorData;

/** Anything a call threw, as a UiError; what is not a listed code from main is an internal error. */
export function toUiError(err: unknown): UiError {
  if (err instanceof IpcError && isErrorCode(err.code)) return err.data;
  return { code: 'internal_error', message: err instanceof Error ? err.message : String(err) };
}

/** The app-wide notice for a failed call. */
export function errorNotice(err: unknown): Notice {
  return { kind: 'error', ...toUiError(err) };
}
