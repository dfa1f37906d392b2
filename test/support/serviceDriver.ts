// Drives the app's services the way a face does (dispatch with validation), recording every event, so
// service-level journeys (test/stories, test/plans) can call channels and wait for events.
import type {
  EventChannel,
  EventPayloads,
  RequestChannel,
  RequestOf,
  ResponseOf,
} from '../../src/shared/ipc/contract';
import type { Root } from '../../src/main/app/core';

export interface ServiceDriver {
  events: { event: EventChannel; payload: unknown }[];
  call<C extends RequestChannel>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>>;
  /** The IPC error of a call that must fail. */
  fail<C extends RequestChannel>(
    channel: C,
    request: RequestOf<C>,
  ): Promise<{ code: string; details?: unknown }>;
  /** Resolves with the first event (past or future) that matches. */
  waitFor<E extends EventChannel>(
    event: E,
    match: (p: EventPayloads[E]) => boolean,
  ): Promise<EventPayloads[E]>;
}

interface Waiter {
  event: EventChannel;
  match: (payload: unknown) => boolean;
  resolve: (payload: unknown) => void;
}

/** How waits on a real CLI are bounded (a RealCliWorld): by progress, every event counting as progress. */
export interface WaitBound {
  guard<T>(work: Promise<T>, what: string): Promise<T>;
  touch(): void;
}

const UNBOUNDED: WaitBound = { guard: (work) => work, touch: () => {} };

export function driveServices(
  root: Pick<Root, 'dispatch' | 'onEvent'>,
  bound: WaitBound = UNBOUNDED,
): ServiceDriver {
  const events: ServiceDriver['events'] = [];
  const waiters: Waiter[] = [];
  root.onEvent((event, payload) => {
    bound.touch();
    events.push({ event, payload });
    for (const w of [...waiters])
      if (w.event === event && w.match(payload)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(payload);
      }
  });
  const dispatch = <C extends RequestChannel>(channel: C, request: RequestOf<C>) =>
    bound.guard(root.dispatch(channel, request, { face: 'test' }), channel);
  return {
    events,
    async call(channel, request) {
      const r = await dispatch(channel, request);
      if (!r.ok) throw Object.assign(new Error(`${channel}: ${r.error.code} ${r.error.message}`), r.error);
      return r.value as ResponseOf<typeof channel>;
    },
    async fail(channel, request) {
      const r = await dispatch(channel, request);
      if (r.ok) throw new Error(`${channel} was expected to fail`);
      return r.error;
    },
    waitFor(event, match) {
      const test = match as (payload: unknown) => boolean;
      const past = events.find((e) => e.event === event && test(e.payload));
      if (past) return Promise.resolve(past.payload as EventPayloads[typeof event]);
      const future = new Promise<EventPayloads[typeof event]>((resolve) =>
        waiters.push({ event, match: test, resolve: resolve as (payload: unknown) => void }),
      );
      return bound.guard(future, `waiting for ${event}`);
    },
  };
}
