// A seeded fuzz of malformed requests at the browser host: every request is malformed by construction (never by
// asking the code under test), so each has one expected typed refusal. Held: that refusal (status, code, a bounded
// message); accepted: an `ok: true` answer; untyped: anything else (a 5xx, a reply that is not the error object).
import { request } from 'node:http';
import { requestSchemas } from '../../../src/shared/ipc/contract';
import type { ErrorCode } from '../../../src/shared/errors';
import { seededRandom } from './seeded';

export interface FuzzCase {
  kind: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  expect: { code: ErrorCode; statuses: readonly number[] };
}

export interface FuzzFigures {
  tried: number;
  held: number;
  accepted: number;
  untyped: number;
  /** Replies past MAX_REPLY (a refusal must not echo a huge body back). */
  oversized: number;
  hostAlive: boolean;
  byKind: Record<string, number>;
  failures: string[];
  ms: number;
}

const MAX_REPLY = 64 * 1024;
const CHANNELS = Object.keys(requestSchemas);

type Random = () => number;
const pick = <T>(r: Random, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const int = (r: Random, n: number) => Math.floor(r() * n);

function randomString(r: Random, max = 40): string {
  const alphabet = 'abcXYZ019 _-:/.\\"\'{}[]<>\u00e9\u4e2d\u{1f600}\u0000\n';
  const chars = [...alphabet];
  return Array.from({ length: int(r, max) }, () => pick(r, chars)).join('');
}

/** Any JSON value, nested up to `depth`. */
function randomValue(r: Random, depth = 3): unknown {
  const kind = depth <= 0 ? int(r, 4) : int(r, 6);
  if (kind === 0) return int(r, 3) === 0 ? -int(r, 1e9) : r() * 1e12;
  if (kind === 1) return randomString(r);
  if (kind === 2) return pick(r, [true, false, null]);
  if (kind === 3) return int(r, 2) === 0 ? 0 : Number.MAX_SAFE_INTEGER;
  if (kind === 4) return Array.from({ length: int(r, 5) }, () => randomValue(r, depth - 1));
  return Object.fromEntries(
    Array.from({ length: int(r, 5) }, () => [randomString(r, 12), randomValue(r, depth - 1)]),
  );
}

function nested(levels: number): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < levels; i++) v = i % 2 ? [v] : { v };
  return v;
}

const INVALID = { code: 'invalid_payload', statuses: [200] } as const;

/** One malformed request of a seeded kind. */
export function fuzzCase(r: Random, host: { port: number; token: string }, index: number): FuzzCase {
  const json = {
    'content-type': 'application/json',
    'x-puffin-token': host.token,
    host: `127.0.0.1:${host.port}`,
  };
  const invoke = (kind: string, body: unknown, expect: FuzzCase['expect']): FuzzCase => ({
    kind,
    method: 'POST',
    path: '/api/invoke',
    headers: json,
    body: JSON.stringify(body),
    expect,
  });
  const channel = pick(r, CHANNELS);
  // A few bodies past the host's cap, spread over the run (each costs 8 MB).
  if (index % 2500 === 1249) {
    const big = { channel, payload: { padding: 'x'.repeat(8 * 1024 * 1024 + 1) } };
    return invoke('oversized body', big, { code: 'invalid_payload', statuses: [413] });
  }
  switch (int(r, 13)) {
    case 0:
      return invoke(
        'unknown channel',
        { channel: `fuzz:${randomString(r)}`, payload: randomValue(r) },
        {
          code: 'unknown_channel',
          statuses: [200],
        },
      );
    case 1:
      return invoke(
        'channel not a string',
        { channel: randomValue(r, 1) ?? 0, payload: {} },
        {
          code: 'unknown_channel',
          statuses: [200],
        },
      );
    case 2: {
      const payload = randomValue(r);
      const notObject =
        payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? [payload] : payload;
      return invoke('payload not an object', { channel, payload: notObject ?? null }, INVALID);
    }
    case 3: {
      // Every request schema is a closed object: a property it does not name makes any payload invalid.
      const payload = { ...(randomValue(r, 2) as object), [`fuzz_${int(r, 1e6)}`]: randomValue(r) };
      return invoke('unknown property', { channel, payload }, INVALID);
    }
    case 4:
      return invoke('deep nesting', { channel, payload: { fuzz_deep: nested(500 + int(r, 3000)) } }, INVALID);
    case 5: {
      const body = `{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}, "fuzz_${int(r, 9)}": 1}`;
      return {
        ...invoke('prototype keys', null, INVALID),
        body: `{"channel": "${channel}", "payload": ${body}}`,
      };
    }
    case 6: {
      const text = JSON.stringify({ channel, payload: randomValue(r) });
      const cut = text.slice(0, 1 + int(r, Math.max(1, text.length - 1)));
      const body = pick(r, [cut, `${text}}`, randomString(r, 200), `\u00ff\u00fe${text}`, '']);
      return { ...invoke('not JSON', null, { code: 'invalid_payload', statuses: [400] }), body };
    }
    case 7: {
      const type = pick(r, [
        'text/plain',
        'application/jsonp',
        'application/json; charset=latin1',
        'multipart/form-data',
      ]);
      return {
        ...invoke(
          'wrong content type',
          { channel, payload: {} },
          { code: 'invalid_payload', statuses: [415] },
        ),
        headers: { ...json, 'content-type': type },
      };
    }
    case 8:
      return {
        ...invoke('wrong method', { channel }, { code: 'method_not_allowed', statuses: [405] }),
        method: pick(r, ['GET', 'PUT', 'DELETE', 'PATCH']),
      };
    case 9: {
      const { 'x-puffin-token': _token, ...rest } = json;
      // A header value must be visible ASCII, or the request never leaves the client.
      const wrong = randomString(r, 30).replace(/[^\x21-\x7e]/g, '') || 'x';
      const headers = int(r, 2) ? { ...rest, 'x-puffin-token': wrong } : rest;
      return {
        ...invoke('no or wrong token', { channel, payload: {} }, { code: 'unauthorized', statuses: [401] }),
        headers,
      };
    }
    case 10:
      return {
        ...invoke('foreign Host', { channel, payload: {} }, { code: 'forbidden_host', statuses: [403] }),
        headers: {
          ...json,
          host: pick(r, ['evil.example:80', `127.0.0.2:${host.port}`, `localhost:${host.port + 1}`]),
        },
      };
    case 11:
      return {
        ...invoke('foreign Origin', { channel, payload: {} }, { code: 'forbidden_origin', statuses: [403] }),
        headers: {
          ...json,
          origin: pick(r, ['http://evil.example', 'null', `http://127.0.0.1:${host.port + 1}`]),
        },
      };
    default:
      return {
        ...invoke(
          'token in the address',
          { channel, payload: {} },
          { code: 'token_in_url', statuses: [400] },
        ),
        path: `/api/invoke?token=${pick(r, [host.token, 'x'])}`,
      };
  }
}

function send(port: number, c: FuzzCase): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: c.method, path: c.path, headers: c.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(c.body);
  });
}

/** What went wrong with one reply, or null when it is the expected refusal. */
function judge(
  c: FuzzCase,
  status: number,
  text: string,
): { verdict: 'held' | 'accepted' | 'untyped'; why?: string } {
  let reply: { ok?: unknown; error?: { code?: unknown; message?: unknown } };
  try {
    reply = JSON.parse(text) as typeof reply;
  } catch {
    return { verdict: 'untyped', why: `status ${status}, not JSON: ${text.slice(0, 120)}` };
  }
  if (reply.ok === true) return { verdict: 'accepted', why: `accepted: ${text.slice(0, 200)}` };
  const message = reply.error?.message;
  if (
    c.expect.statuses.includes(status) &&
    reply.error?.code === c.expect.code &&
    typeof message === 'string'
  )
    return { verdict: 'held' };
  return {
    verdict: 'untyped',
    why: `status ${status}, ${text.slice(0, 200)}; expected ${c.expect.statuses} ${c.expect.code}`,
  };
}

export async function fuzzHost(opts: {
  port: number;
  token: string;
  count: number;
  seed: number;
  inFlight?: number;
}): Promise<FuzzFigures> {
  const started = Date.now();
  const r = seededRandom(opts.seed);
  const cases = Array.from({ length: opts.count }, (_, i) => fuzzCase(r, opts, i));
  const f: FuzzFigures = {
    tried: 0,
    held: 0,
    accepted: 0,
    untyped: 0,
    oversized: 0,
    hostAlive: false,
    byKind: {},
    failures: [],
    ms: 0,
  };
  let next = 0;
  async function worker(): Promise<void> {
    while (next < cases.length) {
      const i = next++;
      const c = cases[i]!;
      f.byKind[c.kind] = (f.byKind[c.kind] ?? 0) + 1;
      const reply = await send(opts.port, c).catch((err: Error) => ({
        status: 0,
        text: `request failed: ${err.message}`,
      }));
      const { verdict, why } = judge(c, reply.status, reply.text);
      f.tried++;
      f[verdict]++;
      if (reply.text.length > MAX_REPLY) f.oversized++;
      if (why && f.failures.length < 20) f.failures.push(`#${i} ${c.kind} (seed ${opts.seed}): ${why}`);
    }
  }
  await Promise.all(Array.from({ length: opts.inFlight ?? 8 }, worker));
  const alive = await send(opts.port, {
    kind: 'alive',
    method: 'POST',
    path: '/api/invoke',
    headers: {
      'content-type': 'application/json',
      'x-puffin-token': opts.token,
      host: `127.0.0.1:${opts.port}`,
    },
    body: JSON.stringify({ channel: 'app:info', payload: {} }),
    expect: INVALID,
  }).catch(() => null);
  f.hostAlive = alive?.status === 200 && (JSON.parse(alive.text) as { ok?: boolean }).ok === true;
  f.ms = Date.now() - started;
  return f;
}
