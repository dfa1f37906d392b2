// What `npm start` runs: the desktop window when Electron can start, else the browser host, with the reason and
// how to retry. Pure apart from the injected probes, so the decision is tested without Electron or a network.

/**
 * @typedef {{ path: string } | { missing: string }} BinaryProbe
 * @typedef {{ ok: true } | { ok: false, reason: string }} DownloadResult
 * @typedef {{ kind: 'desktop', path: string } | { kind: 'host', reason: string | null, retry: string | null }} Launch
 */

/** The command that downloads the Electron binary again (electron's own installer script). */
export const RETRY_DOWNLOAD = 'npx install-electron';

/**
 * @param {{
 *   hostOnly: boolean,
 *   platform: NodeJS.Platform,
 *   env: Record<string, string | undefined>,
 *   findBinary: () => BinaryProbe,
 *   download: () => Promise<DownloadResult>,
 *   say: (line: string) => void,
 * }} io
 * @returns {Promise<Launch>}
 */
export async function decideLaunch(io) {
  if (io.hostOnly) return { kind: 'host', reason: null, retry: null };
  // No display: a downloaded binary could not open a window either, so do not download ~100 MB for nothing.
  if (io.platform === 'linux' && !io.env.DISPLAY && !io.env.WAYLAND_DISPLAY)
    return {
      kind: 'host',
      reason: 'there is no display (DISPLAY and WAYLAND_DISPLAY are unset)',
      retry: null,
    };
  let found = io.findBinary();
  if ('missing' in found && io.env.PUFFIN_NO_ELECTRON_DOWNLOAD !== '1') {
    io.say(`Electron is not downloaded yet (${found.missing}); downloading it once (about 100 MB)…`);
    const result = await io.download();
    if (!result.ok)
      return {
        kind: 'host',
        reason: `the Electron download failed: ${result.reason}`,
        retry: RETRY_DOWNLOAD,
      };
    found = io.findBinary();
  }
  if ('missing' in found) return { kind: 'host', reason: found.missing, retry: RETRY_DOWNLOAD };
  return { kind: 'desktop', path: found.path };
}

/** The one line `npm start` prints when it falls back to the browser host. */
export function fallbackLine(/** @type {{ reason: string | null, retry: string | null }} */ launch) {
  const retry = launch.retry
    ? ` To get the desktop window, run \`${launch.retry}\` and then \`npm start\` again.`
    : '';
  return `Electron cannot start here: ${launch.reason}; serving the browser host instead.${retry}`;
}
