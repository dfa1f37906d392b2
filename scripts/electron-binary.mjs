// Finds the Electron binary WITHOUT triggering electron's on-demand download (require('electron') would).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** @returns {{ path: string } | { missing: string }} */
export function findElectronBinary() {
  let pkgDir;
  try {
    pkgDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return { missing: 'the electron package is not installed' };
  }
  const pathFile = join(pkgDir, 'path.txt');
  if (!existsSync(pathFile))
    return { missing: 'the Electron binary was never downloaded (its download was skipped or failed)' };
  const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH || join(pkgDir, 'dist');
  const binary = join(dist, readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? { path: binary } : { missing: `the Electron binary is missing at ${binary}` };
}
