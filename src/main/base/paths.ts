import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where per-user data (settings) lives. Both faces use the same folder, so the desktop app and the
 * browser host see the same settings. PUFFIN_USER_DATA overrides it (tests, portable installs).
 */
export function defaultUserDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform = process.platform,
): string {
  if (env.PUFFIN_USER_DATA) return env.PUFFIN_USER_DATA;
  const home = env.HOME || env.USERPROFILE || homedir();
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'Puffin');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Puffin');
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'Puffin');
}
