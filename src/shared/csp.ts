/**
 * The one Content-Security-Policy of Puffin's page, for every face: the desktop's app:// responses, the browser
 * host's responses and the meta tag in src/renderer/index.html (a test keeps the three equal). No inline scripts
 * or styles (React sets styles through the CSSOM, which CSP allows); the event socket is the host's own.
 */
export const CSP_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
] as const;

export const APP_CSP = CSP_DIRECTIVES.join('; ');
