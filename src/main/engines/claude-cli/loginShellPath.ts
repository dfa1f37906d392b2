/**
 * A GUI app started from the Dock or a desktop launcher does not inherit the PATH the user's shell sets up
 * (nvm, Homebrew, ~/.local/bin), so `claude` installed there is invisible to it. Ask the login shell once.
 */
import { execFile } from 'node:child_process';

const MARK = '__PUFFIN_PATH__';
let cached: Promise<string | null> | undefined;
let cachedFor: string | undefined;

export interface LoginShellOptions {
  shell: string;
  timeoutMs?: number;
}

/** Runs `$SHELL -ilc 'printf …"$PATH"'` with a timeout; null when the shell fails or says nothing useful. */
export function readLoginShellPath(options: LoginShellOptions): Promise<string | null> {
  return new Promise((resolve) => {
    // Markers around the value: rc files may print banners, and the PATH must be picked out of them.
    const script = `printf '${MARK}%s${MARK}' "$PATH"`;
    execFile(
      options.shell,
      ['-ilc', script],
      {
        timeout: options.timeoutMs ?? 5000,
        encoding: 'utf8',
        env: { ...process.env, DISABLE_AUTO_UPDATE: 'true' },
      },
      (_error, stdout) => {
        // A timeout or a non-zero exit still counts if the value was printed before it.
        const match = new RegExp(`${MARK}(.*?)${MARK}`, 's').exec(stdout ?? '');
        resolve(match?.[1] ? match[1] : null);
      },
    );
  });
}

/** Cached per shell for the life of the process: the login shell is slow (hundreds of ms) and rarely changes. */
export function loginShellPath(shell: string | undefined, timeoutMs?: number): Promise<string | null> {
  if (!shell) return Promise.resolve(null);
  if (!cached || cachedFor !== shell) {
    cachedFor = shell;
    cached = readLoginShellPath(timeoutMs === undefined ? { shell } : { shell, timeoutMs });
  }
  return cached;
}

/** For tests. */
export function clearLoginShellPathCache(): void {
  cached = undefined;
  cachedFor = undefined;
}
