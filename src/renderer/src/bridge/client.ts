import {
  methodName,
  type EventChannel,
  type EventPayloads,
  type PuffinBridge,
  type RequestChannel,
  type RequestOf,
  type ResponseOf,
} from '../../../shared/ipc/contract';
import { IpcError, type IpcResult } from '../../../shared/ipc/errors';
import { createHttpBridge } from './httpBridge';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in the browser host. */
    puffin?: PuffinBridge;
  }
}

/** Typed calls that throw IpcError on failure, over whichever bridge this face provides. */
export interface Client {
  call<C extends RequestChannel>(channel: C, request: NoInfer<RequestOf<C>>): Promise<ResponseOf<C>>;
  on<E extends EventChannel>(event: E, listener: (payload: EventPayloads[E]) => void): () => void;
}

type UntypedBridge = Record<string, (request: unknown) => Promise<IpcResult<unknown>>>;

export function createClient(bridge: PuffinBridge): Client {
  // The bridge's per-channel signatures are checked where they are generated; here one untyped
  // lookup keeps the compiler from expanding every channel's request type at once.
  const untyped = bridge as unknown as UntypedBridge;
  async function call(channel: RequestChannel, request: unknown): Promise<unknown> {
    const fn = untyped[methodName(channel)];
    if (!fn) throw new IpcError({ code: 'unknown_channel', message: `No bridge function for ${channel}` });
    const result = await fn(request);
    if (!result.ok) throw new IpcError(result.error);
    return result.value;
  }
  return {
    call: call as Client['call'],
    on: (event, listener) => bridge.on(event, listener),
  };
}

let shared: Client | null = null;
export function getClient(): Client {
  shared ??= createClient(window.puffin ?? createHttpBridge());
  return shared;
}
