import { existsSync } from 'node:fs';

/** Debian's Chromium (CI installs it with apt); PUFFIN_CHROMIUM overrides, e.g. on a developer's Mac. */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.PUFFIN_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p): p is string => Boolean(p) && existsSync(p as string));
}

/** Flags for headless Chromium here: no sandbox (root in CI), no GPU, no background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
