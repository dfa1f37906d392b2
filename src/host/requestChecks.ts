import type { IncomingMessage } from 'node:http';
import type { ErrorCodeOf } from '../shared/errors';
import { tokenMatches } from './token';

/**
 * The token cookie of the host on `port`. Cookies are shared by every port of a host name, so one fixed name let a
 * second Puffin host in the same browser overwrite the first's token (every call of the first tab then failed).
 */
export const tokenCookie = (port: number): string => `puffin_token_${port}`;
export const TOKEN_HEADER = 'x-puffin-token';
/** The largest request body read (the contract's largest legitimate payloads are a few MB). */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

/**
 * True for `application/json`, compared as a media type: case-insensitive, optional whitespace, parameters
 * allowed, but a charset (when given) must be UTF-8. A prefix test let `application/jsonp` through and refused
 * `Application/JSON`.
 */
export function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return false;
  const [type = '', ...params] = header.split(';');
  if (type.trim().toLowerCase() !== 'application/json') return false;
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq < 0) return false;
    const name = param.slice(0, eq).trim().toLowerCase();
    const value = param
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
    if (name === 'charset' && value !== 'utf-8' && value !== 'utf8') return false;
  }
  return true;
}

/** A Content-Length past the cap: refused before any of the body is read. */
export function declaredTooLarge(req: IncomingMessage): boolean {
  const length = Number(req.headers['content-length']);
  return Number.isFinite(length) && length > MAX_BODY_BYTES;
}

export function readCookie(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined; // malformed percent-encoding: no usable token
      }
    }
  }
  return undefined;
}

/** The token may come as a query parameter (first visit), a header (API clients) or the cookie set after. */
export function requestToken(req: IncomingMessage, url: URL, port: number): string | undefined {
  const header = req.headers[TOKEN_HEADER];
  return (
    // `||`, not `??`: an empty query value or header must not shadow a valid cookie.
    url.searchParams.get('token') ||
    (typeof header === 'string' && header !== '' ? header : undefined) ||
    readCookie(req, tokenCookie(port))
  );
}

export type Refusal = { status: number; code: ErrorCodeOf<'contract'>; message: string } | null;

/**
 * Loopback-only checks: the Host header must name this server (defeats DNS rebinding), a browser
 * Origin, when sent, must be this server's (defeats other sites), and the per-launch token must match.
 */
export function checkRequest(req: IncomingMessage, url: URL, port: number, token: string): Refusal {
  const allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  if (!allowedHosts.has(req.headers.host ?? ''))
    return { status: 403, code: 'forbidden_host', message: 'Requests must address 127.0.0.1 directly.' };
  const origin = req.headers.origin;
  // The whole origin, scheme included: `127.0.0.1:<port>` alone is no browser's origin, and is refused.
  if (
    origin !== undefined &&
    !(origin.startsWith('http://') && allowedHosts.has(origin.slice('http://'.length)))
  )
    return {
      status: 403,
      code: 'forbidden_origin',
      message: `Origin ${origin} may not use this Puffin host.`,
    };
  if ((url.pathname === '/api/invoke' || url.pathname === '/api/events') && url.searchParams.has('token'))
    // A token in an API address ends up in logs and history; the page moves it to a cookie, API clients send it
    // in the header. Refused whether it matches or not (a redirect would make a POST a GET and lose its body; the
    // page opens the event socket with its cookie).
    return {
      status: 400,
      code: 'token_in_url',
      message: `Send the token in the ${TOKEN_HEADER} header (or the cookie the page sets), not in the address.`,
    };
  if (!tokenMatches(token, requestToken(req, url, port)))
    return {
      status: 401,
      code: 'unauthorized',
      message: 'Missing or wrong token. Open the URL Puffin printed at start-up (it contains ?token=…).',
    };
  return null;
}
