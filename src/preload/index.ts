import { contextBridge, ipcRenderer } from 'electron';
import { eventChannels, methodName, requestChannels, type EventChannel } from '../shared/ipc/contract';

/**
 * Exposes one named function per contract channel and an event subscription: never ipcRenderer
 * itself, so the page can reach exactly the channels the contract lists and nothing else.
 */
export function buildBridge(renderer: Pick<typeof ipcRenderer, 'invoke' | 'on' | 'removeListener'>) {
  const api: Record<string, unknown> = {};
  for (const channel of requestChannels)
    api[methodName(channel)] = (request: unknown) => renderer.invoke(channel, request);
  api.on = (event: EventChannel, listener: (payload: unknown) => void) => {
    if (!eventChannels.includes(event)) throw new Error(`Unknown event ${String(event)}`);
    const wrapped = (_e: unknown, payload: unknown) => listener(payload);
    renderer.on(event, wrapped);
    return () => renderer.removeListener(event, wrapped);
  };
  return api;
}

contextBridge.exposeInMainWorld('puffin', buildBridge(ipcRenderer));
