import type { Session, WebContents } from 'electron';
import { isSafeExternalUrl } from '../../shared/urls';
import { isAppUrl } from './ipc';

/**
 * The page may not navigate away, open windows or get permissions; web links go to the system
 * browser, and only after the URL check.
 */
export function lockDownContents(
  contents: WebContents,
  appUrl: string,
  openExternal: (url: string) => void,
): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, appUrl)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url, appUrl)) event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) openExternal(url);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}
