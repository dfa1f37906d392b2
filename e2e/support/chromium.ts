import { existsSync } from 'node:fs';

/** Debian's Chromium (CI installs it with apt); PUFFIN_CHROMIUM overrides, e.g. on a developer's Mac. */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.PUFFIN_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p): p is string => Boolean(p) && existsSync(p as string));
}
