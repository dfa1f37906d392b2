import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { requestChannels } from '../../shared/ipc/contract';
import type { Dispatch } from '../app/dispatcher';
import type { Logger } from '../base/logger';

/** True when the frame that sent an IPC message is our own app page in our own window. */
export type SenderCheck = (event: IpcMainInvokeEvent) => boolean;

export function isAppUrl(url: string, appUrl: string): boolean {
  try {
    const u = new URL(url);
    const a = new URL(appUrl);
    if (a.protocol === 'file:') return u.protocol === 'file:' && u.pathname === a.pathname;
    // Not `origin`: Node gives custom schemes such as app:// an opaque origin ("null"), equal for every URL.
    return u.protocol === a.protocol && u.host === a.host;
  } catch {
    return false;
  }
}

/** Registers one handler per contract channel; each checks the sender, then goes through the dispatcher. */
export function registerIpc(
  ipcMain: IpcMain,
  dispatch: Dispatch,
  isTrustedSender: SenderCheck,
  log: Logger,
): () => void {
  for (const channel of requestChannels) {
    ipcMain.handle(channel, async (event, payload: unknown) => {
      if (!isTrustedSender(event)) {
        log.warn(`Refused ${channel} from an untrusted sender`, { url: event.senderFrame?.url ?? '(none)' });
        return {
          ok: false,
          error: { code: 'forbidden_sender', message: 'This window may not call Puffin.' },
        };
      }
      return dispatch(channel, payload, { face: 'electron', sender: event.sender });
    });
  }
  return () => requestChannels.forEach((c) => ipcMain.removeHandler(c));
}
