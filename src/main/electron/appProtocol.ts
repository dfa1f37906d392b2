/**
 * The desktop page loads from `app://puffin/`, a privileged custom scheme served from out/renderer, instead of
 * `file://` (which would give the page read access to any local file URL and no origin of its own). Every response
 * carries the one CSP; nothing outside the renderer folder is served.
 */
import type { Protocol } from 'electron';
import { APP_CSP } from '../../shared/csp';
import { loadStatic } from '../static/staticFiles';

export const APP_SCHEME = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://puffin`;
export const APP_URL = `${APP_ORIGIN}/index.html`;

/** Must run before the app is ready (Electron's rule for privileged schemes). */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** What `app://puffin/<path>` answers: the file from the renderer folder, with the CSP, or 404. */
export async function appResponse(rendererDir: string, requestUrl: string): Promise<Response> {
  const url = new URL(requestUrl);
  // Compared by parts: Node gives non-special schemes an opaque origin ("null").
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== 'puffin')
    return new Response('Not found', { status: 404 });
  const file = await loadStatic(rendererDir, url.pathname);
  if (!file) return new Response('Not found', { status: 404 });
  return new Response(new Uint8Array(file.body), {
    status: 200,
    headers: {
      'content-type': file.type,
      'content-security-policy': APP_CSP,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    },
  });
}

export function serveAppScheme(protocol: Pick<Protocol, 'handle'>, rendererDir: string): void {
  protocol.handle(APP_SCHEME, (request) => appResponse(rendererDir, request.url));
}
