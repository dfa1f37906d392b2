import { describe, expect, it, vi } from 'vitest';
import { methodName, requestChannels, type PuffinBridge } from '../../../shared/ipc/contract';
import { IpcError, type IpcResult } from '../../../shared/ipc/errors';
import { createClient } from './client';

function fakeBridge(answer: (channel: string, request: unknown) => IpcResult<unknown>) {
  const bridge: Record<string, unknown> = { on: vi.fn(() => () => {}) };
  for (const channel of requestChannels)
    bridge[methodName(channel)] = vi.fn(async (request: unknown) => answer(channel, request));
  return bridge as unknown as PuffinBridge & Record<string, ReturnType<typeof vi.fn>>;
}

describe('createClient', () => {
  it('calls the bridge function of the channel and unwraps an ok answer', async () => {
    const bridge = fakeBridge((channel, request) => ({ ok: true, value: { channel, request } }));
    const client = createClient(bridge);
    await expect(client.call('project:open', { path: '/p' })).resolves.toEqual({
      channel: 'project:open',
      request: { path: '/p' },
    });
    expect(bridge.projectOpen).toHaveBeenCalledExactlyOnceWith({ path: '/p' });
    expect(bridge.settingsGet).not.toHaveBeenCalled();
  });

  it('returns falsy values as they are', async () => {
    const client = createClient(fakeBridge(() => ({ ok: true, value: null })));
    await expect(client.call('project:current', {})).resolves.toBeNull();
  });

  it('throws an IpcError carrying the code, message and details of an error answer', async () => {
    const client = createClient(
      fakeBridge(() => ({
        ok: false,
        error: { code: 'not_found', message: 'The folder /p does not exist.', details: { path: '/p' } },
      })),
    );
    const err = await client.call('project:open', { path: '/p' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IpcError);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({
      name: 'IpcError',
      code: 'not_found',
      message: 'The folder /p does not exist.',
      details: { path: '/p' },
    });
  });

  it('throws unknown_channel when the bridge lacks the function', async () => {
    const bridge = fakeBridge(() => ({ ok: true, value: 1 }));
    delete (bridge as Record<string, unknown>).settingsGet;
    await expect(createClient(bridge).call('settings:get', {})).rejects.toMatchObject({
      code: 'unknown_channel',
    });
  });

  it('lets a rejected bridge call surface as it is', async () => {
    const bridge = fakeBridge(() => ({ ok: true, value: 1 }));
    vi.mocked(bridge.logRecent).mockRejectedValueOnce(new Error('transport down'));
    await expect(createClient(bridge).call('log:recent', {})).rejects.toThrow('transport down');
  });

  it('subscribes through the bridge and hands back its unsubscribe', () => {
    const bridge = fakeBridge(() => ({ ok: true, value: 1 }));
    const off = vi.fn();
    vi.mocked(bridge.on).mockReturnValueOnce(off);
    const listener = vi.fn();
    const unsubscribe = createClient(bridge).on('log:line', listener);
    expect(bridge.on).toHaveBeenCalledWith('log:line', listener);
    unsubscribe();
    expect(off).toHaveBeenCalledTimes(1);
  });
});
