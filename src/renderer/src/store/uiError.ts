import { isErrorCode } from '../../../shared/errors';
import { IpcError, type IpcErrorData } from '../../../shared/ipc/errors';
import type { AppState, LoadedList, Notice } from './types';

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

/** State after loading `list` failed: the notice, and the error the list's panel shows instead of "none yet". */
export function listLoadFailed(s: Pick<AppState, 'loadErrors'>, list: LoadedList, err: unknown) {
  const error = toUiError(err);
  return { notice: { kind: 'error' as const, ...error }, loadErrors: { ...s.loadErrors, [list]: error } };
}

/** State after `list` loaded: its earlier failure, if any, is forgotten. */
export function listLoaded(s: Pick<AppState, 'loadErrors'>, list: LoadedList) {
  if (!s.loadErrors[list]) return {};
  const loadErrors = { ...s.loadErrors };
  delete loadErrors[list];
  return { loadErrors };
}
