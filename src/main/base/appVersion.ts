import { readFileSync } from 'node:fs';

/**
 * Replaced by package.json's version when electron-vite bundles main (see electron.vite.config.ts): the bundle lives
 * in out/main/ and, once packaged, has no package.json at a fixed path beside it.
 */
declare const __PUFFIN_VERSION__: string | undefined;

/** Unbundled runs (tsx: the browser host and the headless CLI; vitest) read package.json from the source tree. */
function sourceTreeVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** Puffin's own version, the same on every face. */
export const APP_VERSION: string =
  typeof __PUFFIN_VERSION__ === 'string' ? __PUFFIN_VERSION__ : sourceTreeVersion();
