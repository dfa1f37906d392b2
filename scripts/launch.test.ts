import { describe, expect, it, vi } from 'vitest';
import { decideLaunch, fallbackLine, RETRY_DOWNLOAD, type BinaryProbe } from './launch.mjs';

const display = { DISPLAY: ':0' };

function probes(sequence: BinaryProbe[]) {
  const findBinary = vi.fn(() => sequence[Math.min(findBinary.mock.calls.length - 1, sequence.length - 1)]!);
  return findBinary;
}

describe('decideLaunch (npm start)', () => {
  it('opens the desktop window when the binary is already there, without downloading', async () => {
    const download = vi.fn();
    const launch = await decideLaunch({
      hostOnly: false,
      platform: 'linux',
      env: display,
      findBinary: probes([{ path: '/e/electron' }]),
      download,
      say: () => {},
    });
    expect(launch).toEqual({ kind: 'desktop', path: '/e/electron' });
    expect(download).not.toHaveBeenCalled();
  });

  it('downloads a missing binary, says so, and then opens the desktop window', async () => {
    const said: string[] = [];
    const download = vi.fn(async () => ({ ok: true as const }));
    const launch = await decideLaunch({
      hostOnly: false,
      platform: 'darwin',
      env: {},
      findBinary: probes([{ missing: 'never downloaded' }, { path: '/e/Electron.app' }]),
      download,
      say: (l) => said.push(l),
    });
    expect(download).toHaveBeenCalledOnce();
    expect(said.join('\n')).toMatch(/downloading/i);
    expect(launch).toEqual({ kind: 'desktop', path: '/e/Electron.app' });
  });

  it('falls back to the host with the reason and the retry command when the download fails', async () => {
    const launch = await decideLaunch({
      hostOnly: false,
      platform: 'win32',
      env: {},
      findBinary: probes([{ missing: 'never downloaded' }]),
      download: async () => ({ ok: false, reason: 'getaddrinfo ENOTFOUND github.com' }),
      say: () => {},
    });
    expect(launch).toEqual({
      kind: 'host',
      reason: 'the Electron download failed: getaddrinfo ENOTFOUND github.com',
      retry: RETRY_DOWNLOAD,
    });
    const line = fallbackLine(launch as { reason: string; retry: string });
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toContain('ENOTFOUND');
    expect(line).toContain(RETRY_DOWNLOAD);
  });

  it('serves the host without downloading on Linux with no display', async () => {
    const download = vi.fn();
    const launch = await decideLaunch({
      hostOnly: false,
      platform: 'linux',
      env: {},
      findBinary: probes([{ missing: 'never downloaded' }]),
      download,
      say: () => {},
    });
    expect(launch.kind).toBe('host');
    expect((launch as { reason: string }).reason).toMatch(/no display/);
    expect(download).not.toHaveBeenCalled();
  });

  it('npm run serve never looks for Electron', async () => {
    const findBinary = vi.fn();
    const launch = await decideLaunch({
      hostOnly: true,
      platform: 'linux',
      env: display,
      findBinary,
      download: vi.fn(),
      say: () => {},
    });
    expect(launch).toEqual({ kind: 'host', reason: null, retry: null });
    expect(findBinary).not.toHaveBeenCalled();
  });

  it('a binary still missing after a successful download falls back with the retry command', async () => {
    const launch = await decideLaunch({
      hostOnly: false,
      platform: 'linux',
      env: display,
      findBinary: probes([{ missing: 'never downloaded' }]),
      download: async () => ({ ok: true }),
      say: () => {},
    });
    expect(launch).toEqual({ kind: 'host', reason: 'never downloaded', retry: RETRY_DOWNLOAD });
  });
});
