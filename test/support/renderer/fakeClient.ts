import { Ajv, type ValidateFunction } from 'ajv';
import { onTestFinished } from 'vitest';
import {
  requestSchemas,
  type EventChannel,
  type EventPayloads,
  type RequestChannel,
  type RequestOf,
  type ResponseOf,
} from '../../../src/shared/ipc/contract';
import { IpcError } from '../../../src/shared/ipc/errors';
import type { ProjectInfo } from '../../../src/shared/project';
import { DEFAULT_SETTINGS } from '../../../src/shared/settings';
import type { Generation, Story } from '../../../src/shared/stories';
import type { Client } from '../../../src/renderer/src/bridge/client';

type Handler<C extends RequestChannel> = (request: RequestOf<C>) => ResponseOf<C> | Promise<ResponseOf<C>>;
type AnyHandler = (request: unknown) => unknown;
type AnyListener = (payload: unknown) => void;

// The same options as main's dispatcher (src/main/app/dispatcher.ts), so a request passes here only if the app takes it.
const ajv = new Ajv({ allErrors: true, strict: true });
const validators = new Map<RequestChannel, ValidateFunction>();

/** Why the app would refuse this request (main validates every payload against the contract), or null. */
export function contractViolation(channel: RequestChannel, request: unknown): string | null {
  let validate = validators.get(channel);
  if (!validate) {
    validate = ajv.compile(requestSchemas[channel] as object);
    validators.set(channel, validate);
  }
  if (validate(request === undefined ? {} : request)) return null;
  return ajv.errorsText(validate.errors, { dataVar: 'request' });
}

/**
 * A scriptable Client for tests: per-channel handlers, a call log, and events pushed by hand. Every request is checked
 * against the contract as main checks it: an invalid one is refused with main's `invalid_payload` error and fails the
 * test that made it, even when the panel catches the error.
 */
export interface FakeClient extends Client {
  calls: { channel: RequestChannel; request: unknown }[];
  handle<C extends RequestChannel>(channel: C, handler: Handler<C>): void;
  emit<E extends EventChannel>(event: E, payload: EventPayloads[E]): void;
  callsTo<C extends RequestChannel>(channel: C): RequestOf<C>[];
  listenerCount(event: EventChannel): number;
}

/** By default an invalid request fails the running test when it ends (after the panel had its say). */
function failTestAtEnd(message: string): void {
  onTestFinished(() => {
    throw new Error(`fake client: the app would refuse this request. ${message}`);
  });
}

export function createFakeClient(options: { onInvalidRequest?: (message: string) => void } = {}): FakeClient {
  const onInvalidRequest = options.onInvalidRequest ?? failTestAtEnd;
  const handlers = new Map<RequestChannel, AnyHandler>();
  const listeners = new Map<EventChannel, Set<AnyListener>>();
  const calls: FakeClient['calls'] = [];
  const fake = {
    calls,
    async call(channel: RequestChannel, request: unknown) {
      calls.push({ channel, request });
      const violation = contractViolation(channel, request);
      if (violation !== null) {
        const message = `Invalid request for ${channel}: ${violation}.`;
        onInvalidRequest(message);
        throw new IpcError({ code: 'invalid_payload', message });
      }
      const h = handlers.get(channel);
      if (!h) throw new Error(`fake client: no handler for ${channel}`);
      return h(request);
    },
    on(event: EventChannel, listener: AnyListener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
    handle(channel: RequestChannel, handler: AnyHandler) {
      handlers.set(channel, handler);
    },
    emit(event: EventChannel, payload: unknown) {
      for (const l of listeners.get(event) ?? []) l(payload);
    },
    callsTo(channel: RequestChannel) {
      return calls.filter((c) => c.channel === channel).map((c) => c.request);
    },
    listenerCount(event: EventChannel) {
      return listeners.get(event)?.size ?? 0;
    },
  };
  return fake as unknown as FakeClient;
}

export const PROJECT: ProjectInfo = {
  name: 'demo',
  path: '/tmp/demo',
  openedAt: '2025-01-01T00:00:00.000Z',
  store: {
    dir: '/tmp/demo/.puffin',
    exists: true,
    version: 1,
    createdAt: '2025-01-01T00:00:00.000Z',
    quarantined: [],
  },
};

export const SETTINGS = { ...DEFAULT_SETTINGS, defaultModel: 'opus' };

export function story(n: number, patch: Partial<Story> = {}): Story {
  return {
    id: `s${n}`,
    title: `Story ${n}`,
    description: `Description ${n}`,
    acceptanceCriteria: [`Criterion ${n}`],
    status: 'pending',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...patch,
  };
}

export function generation(patch: Partial<Generation> = {}): Generation {
  return {
    id: 'g1',
    kind: 'derive',
    title: 'Export to CSV',
    prompt: 'Let users export',
    status: 'succeeded',
    createdAt: '2025-01-01T10:00:00.000Z',
    finishedAt: '2025-01-01T10:00:30.000Z',
    source: 'structured_output',
    warnings: [],
    meta: {
      provider: 'claude-cli',
      cliVersion: '2.1.330',
      engineVersion: '2.1.330',
      costUsd: 0.0421,
      turns: 2,
      durationMs: 30_000,
      sessionId: 'x',
      model: 'sonnet',
    },
    ...patch,
  };
}

/** A promise whose resolution the test controls. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * A stories:page handler over a backlog held by the test, paged, filtered by status and searched (every word, any
 * case, in the title, description or a criterion) as the store does.
 */
export function backlogPages(
  backlog: Story[] | (() => Story[]),
): (request: RequestOf<'stories:page'>) => ResponseOf<'stories:page'> {
  return ({ offset = 0, limit = 200, statuses, query = '' }) => {
    const all = typeof backlog === 'function' ? backlog() : backlog;
    const words = query.toLowerCase().split(' ').filter(Boolean);
    const holds = (s: Story) => {
      const text = [s.title, s.description, ...s.acceptanceCriteria].join(' ').toLowerCase();
      return words.every((w) => text.includes(w));
    };
    const kept = all.filter((s) => (!statuses || statuses.includes(s.status)) && holds(s));
    return {
      stories: kept.slice(offset, offset + limit).map((s) => ({ ...s, shortId: `PUF-${s.id.slice(0, 4)}` })),
      total: all.length,
      matching: kept.length,
      offset,
    };
  };
}
