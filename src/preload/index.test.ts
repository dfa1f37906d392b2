import { describe, expect, it, vi } from 'vitest';
import { eventChannels, methodName, requestChannels } from '../shared/ipc/contract';

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: vi.fn() },
  ipcRenderer: { invoke: vi.fn(), on: vi.fn(), removeListener: vi.fn() },
}));

import { contextBridge, ipcRenderer } from 'electron';
import { buildBridge } from './index';

// Captured at import time: mock call records are cleared before each test.
const exposeCalls = [...vi.mocked(contextBridge.exposeInMainWorld).mock.calls];

type Listener = (event: unknown, payload: unknown) => void;

function fakeRenderer() {
  const listeners = new Map<string, Set<Listener>>();
  return {
    listeners,
    invoke: vi.fn(async (channel: string, request: unknown) => ({ ok: true, value: { channel, request } })),
    on: vi.fn((event: string, l: Listener) => {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(l);
    }),
    removeListener: vi.fn((event: string, l: Listener) => listeners.get(event)?.delete(l)),
    emit(event: string, payload: unknown) {
      for (const l of listeners.get(event) ?? []) l({ sender: 'ipc-event' }, payload);
    },
  };
}

/** buildBridge over the fake (which has only the three methods the bridge uses). */
const bridgeOver = (r: ReturnType<typeof fakeRenderer>) =>
  buildBridge(r as unknown as Parameters<typeof buildBridge>[0]);

describe('preload', () => {
  it('exposes the bridge as window.puffin, built over ipcRenderer', () => {
    expect(exposeCalls).toHaveLength(1);
    const [name, api] = exposeCalls[0]!;
    expect(name).toBe('puffin');
    expect(Object.keys(api as object).sort()).toEqual(Object.keys(bridgeOver(fakeRenderer())).sort());
    // Never ipcRenderer itself, nor any of its methods.
    expect(api).not.toBe(ipcRenderer);
    for (const value of Object.values(api as object)) {
      expect(value).not.toBe(ipcRenderer.invoke);
      expect(value).not.toBe(ipcRenderer.on);
    }
  });
});

describe('buildBridge', () => {
  it('has exactly one function per contract channel, plus on', () => {
    const api = bridgeOver(fakeRenderer());
    const expected = [...requestChannels.map((c) => methodName(c)), 'on'].sort();
    expect(Object.keys(api).sort()).toEqual(expected);
    for (const key of expected) expect(typeof api[key]).toBe('function');
    expect(api.settingsGet).toBeDefined();
    expect(api.projectForgetRecent).toBeDefined();
  });

  it('forwards each function to invoke with its channel name and the request, returning the answer', async () => {
    const r = fakeRenderer();
    const api = bridgeOver(r) as Record<string, (req: unknown) => Promise<unknown>>;
    for (const channel of requestChannels) {
      const request = { probe: channel };
      await expect(api[methodName(channel)]!(request)).resolves.toEqual({
        ok: true,
        value: { channel, request },
      });
      expect(r.invoke).toHaveBeenLastCalledWith(channel, request);
    }
    expect(r.invoke).toHaveBeenCalledTimes(requestChannels.length);
  });

  it('delivers event payloads (without the IPC event) to subscribers', () => {
    const r = fakeRenderer();
    const api = bridgeOver(r) as { on: (e: string, l: (p: unknown) => void) => () => void };
    for (const event of eventChannels) {
      const listener = vi.fn();
      api.on(event, listener);
      r.emit(event, { for: event });
      expect(listener).toHaveBeenCalledExactlyOnceWith({ for: event });
    }
  });

  it('rejects unknown events without subscribing', () => {
    const r = fakeRenderer();
    const api = bridgeOver(r) as { on: (e: string, l: (p: unknown) => void) => () => void };
    for (const event of ['settings:get', 'ipc:anything', '__proto__', ''])
      expect(() => api.on(event, () => {})).toThrow(/Unknown event/);
    expect(r.on).not.toHaveBeenCalled();
  });

  it('unsubscribes exactly the listener it added', () => {
    const r = fakeRenderer();
    const api = bridgeOver(r) as { on: (e: string, l: (p: unknown) => void) => () => void };
    const a = vi.fn();
    const b = vi.fn();
    const offA = api.on('log:line', a);
    api.on('log:line', b);
    offA();
    expect(r.removeListener).toHaveBeenCalledWith('log:line', r.on.mock.calls[0]![1]);
    r.emit('log:line', 1);
    expect(a).not.toHaveBeenCalled();
    expect(b).toHaveBeenCalledWith(1);
    expect(r.listeners.get('log:line')?.size).toBe(1);
  });
});
