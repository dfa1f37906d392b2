import {
  eventChannels,
  methodName,
  requestChannels,
  type EventChannel,
  type EventPayloads,
  type PuffinBridge,
} from '../../../shared/ipc/contract';
import type { IpcResult } from '../../../shared/ipc/errors';

type Listener = (payload: unknown) => void;

/**
 * The browser-host twin of the Electron preload: the same named functions, generated from the same
 * channel list, over HTTP; events over a WebSocket that reconnects. The token travels in the
 * HttpOnly cookie the host set when the launch URL was opened.
 */
export function createHttpBridge(base: string = window.location.origin): PuffinBridge {
  const listeners = new Map<EventChannel, Set<Listener>>(eventChannels.map((e) => [e, new Set<Listener>()]));
  let socket: WebSocket | null = null;
  let retryMs = 250;

  const connect = () => {
    socket = new WebSocket(`${base.replace(/^http/, 'ws')}/api/events`);
    socket.onopen = () => {
      retryMs = 250;
    };
    socket.onmessage = (msg) => {
      try {
        const { event, payload } = JSON.parse(String(msg.data)) as { event: EventChannel; payload: unknown };
        for (const l of listeners.get(event) ?? []) l(payload);
      } catch {
        // ignore a malformed frame; the next one may be fine
      }
    };
    socket.onclose = () => {
      socket = null;
      setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 5000);
    };
  };
  connect();

  const invoke = async (channel: string, payload: unknown): Promise<IpcResult<unknown>> => {
    try {
      const res = await fetch(`${base}/api/invoke`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ channel, payload }),
      });
      return (await res.json()) as IpcResult<unknown>;
    } catch (err) {
      return {
        ok: false,
        error: {
          code: 'host_unreachable',
          message: `The Puffin host did not answer (${String(err)}). Is it still running?`,
        },
      };
    }
  };

  const bridge: Record<string, unknown> = {
    on<E extends EventChannel>(event: E, listener: (payload: EventPayloads[E]) => void) {
      const set = listeners.get(event);
      set?.add(listener as Listener);
      return () => set?.delete(listener as Listener);
    },
  };
  for (const channel of requestChannels) bridge[methodName(channel)] = (req: unknown) => invoke(channel, req);
  return bridge as PuffinBridge;
}
