/**
 * What a browser sees when it opens the host's address without a valid token: a page that says how to get a
 * fresh link, not a bare 401. The token is never in it (the page is served to whoever asks).
 */
import type { IncomingMessage } from 'node:http';

/** Nothing but the page itself: no scripts, no styles, no frames. */
export const FRESH_LINK_CSP =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** A browser navigating to a page (it asks for HTML), not the app's API or an asset it loads. */
export function wantsPage(req: IncomingMessage, url: URL): boolean {
  if (req.method !== 'GET' || url.pathname.startsWith('/api/')) return false;
  return (req.headers.accept ?? '').includes('text/html');
}

export function freshLinkPage(port: number): string {
  const address = `http://127.0.0.1:${port}/?token=…`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Puffin needs a fresh link</title></head>
<body>
<h1>This Puffin page needs its link</h1>
<p>Puffin's browser host opens only with the link it printed when it started (${address}). The address you
opened has no token, or one from an earlier start (each start makes a new one), or the browser no longer has
the cookie that kept it.</p>
<ol>
<li>Find the terminal where Puffin runs (<code>npm run serve</code> or <code>npm start</code>) and open the
address it printed, with its <code>?token=</code>.</li>
<li>If Puffin no longer runs, start it again with <code>npm run serve</code> and open the new address.</li>
</ol>
</body>
</html>
`;
}
