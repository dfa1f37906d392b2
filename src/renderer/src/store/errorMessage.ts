import { IpcError } from '../../../shared/ipc/errors';
import type { Notice } from './types';

export function noticeFrom(err: unknown): Notice {
  if (err instanceof IpcError) return { kind: 'error', message: err.message, code: err.code };
  return { kind: 'error', message: err instanceof Error ? err.message : String(err) };
}
