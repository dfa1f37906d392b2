import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  checkRequest,
  declaredTooLarge,
  isJsonContentType,
  MAX_BODY_BYTES,
  tokenCookie,
} from './requestChecks';

const PORT = 4321;
const TOKEN = 'tok-0123456789';

function req(headers: Record<string, string>): IncomingMessage {
  return { headers: { host: `127.0.0.1:${PORT}`, ...headers } } as unknown as IncomingMessage;
}

describe('isJsonContentType', () => {
  it.each([
    'application/json',
    'Application/JSON',
    'application/json; charset=utf-8',
    'application/json;charset="UTF-8"',
    '  application/json ; foo=bar',
  ])('accepts %j', (header) => expect(isJsonContentType(header)).toBe(true));

  it.each([
    undefined,
    '',
    'application/jsonp',
    'application/json-seq',
    'text/json',
    'application/json; charset=latin1',
    'application/json; garbage',
    'multipart/form-data; boundary=application/json',
  ])('refuses %j', (header) => expect(isJsonContentType(header)).toBe(false));
});

describe('checkRequest', () => {
  it('refuses a token in the address of /api/invoke with a typed 400, right token or not', () => {
    for (const token of [TOKEN, 'wrong']) {
      const url = new URL(`http://127.0.0.1:${PORT}/api/invoke?token=${token}`);
      expect(checkRequest(req({ 'x-puffin-token': TOKEN }), url, PORT, TOKEN)).toMatchObject({
        status: 400,
        code: 'token_in_url',
        message: expect.stringContaining('x-puffin-token'),
      });
    }
  });

  it('still takes the token from the address of a page (which then moves it to a cookie)', () => {
    const url = new URL(`http://127.0.0.1:${PORT}/?token=${TOKEN}`);
    expect(checkRequest(req({}), url, PORT, TOKEN)).toBeNull();
  });
});

describe('declaredTooLarge', () => {
  it('refuses a declared body over the cap before reading it', () => {
    expect(declaredTooLarge(req({ 'content-length': String(MAX_BODY_BYTES + 1) }))).toBe(true);
    expect(declaredTooLarge(req({ 'content-length': String(MAX_BODY_BYTES) }))).toBe(false);
    expect(declaredTooLarge(req({}))).toBe(false);
  });
});

describe('one token cookie per host', () => {
  it('two hosts in one browser each read their own cookie (the browser sends both to either port)', () => {
    const both = { cookie: `puffin_token_${PORT}=${TOKEN}; puffin_token_${PORT + 1}=other-host-token` };
    const here = new URL(`http://127.0.0.1:${PORT}/`);
    expect(checkRequest(req(both), here, PORT, TOKEN)).toBeNull();
    const there = new URL(`http://127.0.0.1:${PORT + 1}/`);
    const request = { headers: { ...both, host: `127.0.0.1:${PORT + 1}` } } as unknown as IncomingMessage;
    expect(checkRequest(request, there, PORT + 1, 'other-host-token')).toBeNull();
    expect(tokenCookie(PORT)).not.toBe(tokenCookie(PORT + 1));
  });

  it('no longer reads the one shared cookie name, which another host would overwrite', () => {
    const url = new URL(`http://127.0.0.1:${PORT}/`);
    expect(checkRequest(req({ cookie: `puffin_token=${TOKEN}` }), url, PORT, TOKEN)).toMatchObject({
      status: 401,
    });
  });
});
