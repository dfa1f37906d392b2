import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import {
  requestChannels,
  type Face,
  requestSchemas,
  type RequestChannel,
  type RequestOf,
  type ResponseOf,
} from '../../shared/ipc/contract';
import type { IpcResult } from '../../shared/ipc/errors';
import type { StoredCheck, StoredValidators } from '../llm/storedValidators';
import { ajvModule } from '../llm/lazyAjv';
import { toIpcError } from '../base/errors';
import { nulInPath, NUL_PATH_MESSAGE } from '../base/nulPaths';
import type { Logger } from '../base/logger';

/** Who is calling: the face adapters fill this in; handlers can use it (e.g. Electron's window). */
export interface CallContext {
  face: Face | 'test';
  /** Opaque handle of the caller window/socket, when there is one. */
  sender?: unknown;
  /** Aborted when the caller gives up on the request (an MCP cancellation): a long handler stops its work. */
  signal?: AbortSignal;
}

export type Handlers = {
  [C in RequestChannel]: (request: RequestOf<C>, ctx: CallContext) => Promise<ResponseOf<C>> | ResponseOf<C>;
};

export type Dispatch = (channel: unknown, payload: unknown, ctx: CallContext) => Promise<IpcResult<unknown>>;

/** Bounds on what a refused payload can make us say, log and broadcast (a huge body must not mean a huge reply). */
const MAX_REASON_CHARS = 1000;
const MAX_DETAILS = 10;

function describe(errors: ErrorObject[] | null | undefined): string {
  const reason = (errors ?? [])
    .slice(0, MAX_DETAILS)
    .map((e) => `${e.instancePath.slice(0, 200) || '(root)'} ${e.message ?? 'is invalid'}`.trim())
    .join('; ');
  return reason.length > MAX_REASON_CHARS ? `${reason.slice(0, MAX_REASON_CHARS)}…` : reason;
}

// Not allErrors: on a large invalid body it collects an error per element (a 2.6 MB body gave a 45 MB reply and
// blocked the event loop for seconds); the first problem is enough to refuse the request.
// validateSchema off: the contract's own schemas (checked by its tests) need no meta-schema, whose compilation costs
// ~70 ms of every start.
// Nor its meta-schema at all (`meta: false`): adding it cost ~15 ms of every start.
// code.source: keeps each validator's code, which a StoredValidators writes out.
const AJV_OPTIONS = {
  allErrors: false,
  // String limits count UTF-16 units: counting code points walked every character of a multi-MB string on the
  // event loop that serves every client (stricter only for characters outside the BMP).
  unicode: false,
  strict: true,
  validateSchema: false,
  meta: false,
  code: { source: true },
};

/** Ajv calls `unicode: false` deprecated (it still honours it) and says so on every start: that one is dropped. */
const AJV_LOGGER = {
  log: (...args: unknown[]) => console.log(...args),
  warn: (...args: unknown[]) => {
    if (!String(args[0]).includes('option unicode')) console.warn(...args);
  },
  error: (...args: unknown[]) => console.error(...args),
};

/** What the dispatcher's stored validators depend on besides Ajv's version and the schema text. */
export const DISPATCH_VALIDATOR_SETUP = `dispatcher ${JSON.stringify(AJV_OPTIONS)}`;

/**
 * The one door into the services for every face. It checks the channel exists and the payload
 * matches the contract before a handler runs, and turns every failure into a typed error result.
 */
export function createDispatcher(
  handlers: Handlers,
  log: Logger,
  stored: StoredValidators | null = null,
): Dispatch {
  let ajv: Ajv | undefined;
  const known = new Set<string>(requestChannels);
  // Compiled on a channel's first request: compiling all of them took most of a headless command's start-up.
  const validators = new Map<RequestChannel, ValidateFunction>();
  const validatorOf = (c: RequestChannel): ValidateFunction => {
    let v = validators.get(c);
    if (!v) {
      ajv ??= new (ajvModule().Ajv)({ ...AJV_OPTIONS, logger: AJV_LOGGER });
      validators.set(c, (v = ajv.compile(requestSchemas[c] as object)));
    }
    return v;
  };
  // What tells valid from invalid: the compiled validator, else one an earlier process stored (compiling even one
  // schema cold cost ~12 ms of every headless command). A refusal always comes from the compiled one.
  const checks = new Map<RequestChannel, StoredCheck>();
  const checkOf = (c: RequestChannel): StoredCheck => {
    const known = validators.get(c) ?? checks.get(c);
    if (known) return known;
    const text = JSON.stringify(requestSchemas[c]);
    const loaded = stored?.load(text);
    if (loaded) {
      checks.set(c, loaded);
      return loaded;
    }
    const compiled = validatorOf(c);
    stored?.store(text, ajv!, compiled);
    return compiled;
  };
  return async (channel, payload, ctx) => {
    if (typeof channel !== 'string' || !known.has(channel)) {
      log.warn('Rejected a request on an unknown channel', { channel: String(channel).slice(0, 100) });
      return {
        ok: false,
        error: { code: 'unknown_channel', message: `Unknown channel "${String(channel)}".` },
      };
    }
    const c = channel as RequestChannel;
    const request = payload === undefined ? {} : payload;
    const validate = checkOf(c)(request) ? null : validatorOf(c);
    if (validate && !validate(request)) {
      const reason = describe(validate.errors);
      log.warn(`Rejected an invalid payload on ${c}`, { reason });
      return {
        ok: false,
        error: {
          code: 'invalid_payload',
          message: `Invalid request for ${c}: ${reason}.`,
          details: (validate.errors ?? []).slice(0, MAX_DETAILS),
        },
      };
    }
    const nul = nulInPath(request);
    if (nul) {
      log.warn(`Rejected a path with a NUL character on ${c}`, { at: nul });
      return { ok: false, error: { code: 'invalid_payload', message: `${NUL_PATH_MESSAGE} (${nul})` } };
    }
    try {
      const handler = handlers[c] as (r: unknown, x: CallContext) => Promise<unknown> | unknown;
      return { ok: true, value: await handler(request, ctx) };
    } catch (err) {
      const error = toIpcError(err);
      log[error.code === 'internal_error' ? 'error' : 'warn'](`${c} failed: ${error.message}`, {
        code: error.code,
      });
      return { ok: false, error };
    }
  };
}
