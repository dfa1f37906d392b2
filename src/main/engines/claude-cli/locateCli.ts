/**
 * Finds the Claude Code CLI: the path from settings, then PUFFIN_CLAUDE_PATH, then PATH (our own lookup, with
 * PATHEXT on Windows), then, for a desktop GUI app on macOS/Linux, the user's login-shell PATH. Returns how to
 * launch it without a shell (see windowsShim.ts for npm `.cmd` shims).
 */
import { constants } from 'node:fs';
import { access, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { PromptError } from '../../llm/errors';
import { loginShellPath } from './loginShellPath';
import { fittingCmdInvocation } from './windowsCommandLine';
import { packageTargets, parseCmdShim, type ShimTarget } from './windowsShim';

export type CliSource = 'settings' | 'env' | 'path' | 'login-shell';

/** How to start the CLI: `command` + `argsPrefix` + the CLI's own arguments. */
export interface LocatedCli {
  path: string;
  source: CliSource;
  command: string;
  argsPrefix: string[];
  /** Set for the cmd.exe route: the arguments are already escaped and must be passed verbatim. */
  cmdShim?: boolean;
}

export interface LocateOptions {
  /** Settings → claudePath; empty means not set. */
  settingsPath?: string;
  env: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  /** True for the desktop app (no inherited shell PATH); enables the login-shell lookup on macOS/Linux. */
  desktop?: boolean;
  /** Injectable for tests; defaults to the cached `$SHELL -ilc` lookup. */
  loginShellPath?: (shell: string | undefined) => Promise<string | null>;
  /** Injectable for tests; defaults to isPuffinOwnBin. */
  isOwnBin?: (dir: string) => Promise<boolean>;
}

const NAME = 'claude';

type Probe = 'ok' | 'missing' | 'not-executable';

async function probe(file: string, platform: NodeJS.Platform): Promise<Probe> {
  try {
    const s = await stat(file);
    if (!s.isFile()) return s.isDirectory() ? 'not-executable' : 'missing';
  } catch {
    return 'missing';
  }
  if (platform === 'win32') return 'ok'; // Windows decides by extension, not by mode bits.
  try {
    await access(file, constants.X_OK);
    return 'ok';
  } catch {
    return 'not-executable';
  }
}

/** Candidate file names in one PATH directory: `claude` on POSIX; `claude` + each PATHEXT on Windows. */
export function candidateNames(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string[] {
  if (platform !== 'win32') return [NAME];
  const exts = (env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean);
  return exts.map((e) => NAME + e.toLowerCase());
}

function pathEntries(value: string | undefined, platform: NodeJS.Platform): string[] {
  const sep = platform === 'win32' ? ';' : ':';
  return (value ?? '')
    .split(sep)
    .map((d) => d.trim().replace(/^"(.*)"$/, '$1'))
    .filter(Boolean);
}

/**
 * True for Puffin's own `node_modules/.bin`, which npm puts first on PATH under `npm start` and `npx puffin`: the
 * `claude` there is the test suite's copy of the CLI (a devDependency), never the user's logged-in one.
 */
export async function isPuffinOwnBin(dir: string): Promise<boolean> {
  const parts = dir.split(/[\\/]+/).filter(Boolean);
  if (parts.at(-1) !== '.bin' || parts.at(-2) !== 'node_modules') return false;
  const manifest = path.join(dir, '..', '..', 'package.json');
  try {
    return (JSON.parse(await readFile(manifest, 'utf8')) as { name?: unknown }).name === 'puffin';
  } catch {
    return false;
  }
}

/** Own `which`: the first executable candidate along a PATH value; remembers one that exists but cannot run. */
export async function searchPath(
  pathValue: string | undefined,
  platform: NodeJS.Platform,
  env: NodeJS.ProcessEnv,
  isOwnBin: (dir: string) => Promise<boolean> = isPuffinOwnBin,
): Promise<{ found?: string; notExecutable?: string; skipped?: string }> {
  const join = platform === 'win32' ? path.win32.join : path.posix.join;
  let notExecutable: string | undefined;
  let skipped: string | undefined;
  for (const dir of pathEntries(pathValue, platform)) {
    if (await isOwnBin(dir)) {
      skipped ??= dir;
      continue;
    }
    for (const name of candidateNames(platform, env)) {
      const file = join(dir, name);
      const p = await probe(file, platform);
      if (p === 'ok') return { found: file, ...(skipped ? { skipped } : {}) };
      if (p === 'not-executable') notExecutable ??= file;
    }
  }
  return { ...(notExecutable ? { notExecutable } : {}), ...(skipped ? { skipped } : {}) };
}

export async function locateCli(options: LocateOptions): Promise<LocatedCli> {
  const platform = options.platform ?? process.platform;
  const env = options.env;
  const explicit: [CliSource, string | undefined][] = [
    ['settings', options.settingsPath?.trim()],
    ['env', env.PUFFIN_CLAUDE_PATH?.trim()],
  ];
  for (const [source, file] of explicit) {
    if (!file) continue;
    // An explicit path that is wrong is an error, not a reason to silently run some other claude.
    const p = await probe(file, platform);
    const where = source === 'settings' ? 'the path in Settings' : 'PUFFIN_CLAUDE_PATH';
    if (p === 'missing')
      throw new PromptError('cli_not_found', {
        detail: `${where} does not exist: ${file}`,
        diagnostics: { cliPath: file },
      });
    if (p === 'not-executable')
      throw new PromptError('cli_not_executable', {
        detail: `${where}: ${file}`,
        diagnostics: { cliPath: file },
      });
    return launchSpec(file, source, platform, env);
  }

  const fromPath = await searchPath(env.PATH ?? env.Path, platform, env, options.isOwnBin);
  if (fromPath.found) return launchSpec(fromPath.found, 'path', platform, env);

  let blocked = fromPath.notExecutable;
  if (options.desktop && (platform === 'darwin' || platform === 'linux')) {
    const shellPath = await (options.loginShellPath ?? loginShellPath)(env.SHELL);
    if (shellPath) {
      const fromShell = await searchPath(shellPath, platform, env, options.isOwnBin);
      if (fromShell.found) return launchSpec(fromShell.found, 'login-shell', platform, env);
      blocked ??= fromShell.notExecutable;
    }
  }
  if (blocked)
    throw new PromptError('cli_not_executable', { detail: blocked, diagnostics: { cliPath: blocked } });
  throw new PromptError('cli_not_found');
}

/** Direct launch, except Windows batch files: resolved through their shim when possible, else via cmd.exe. */
async function launchSpec(
  file: string,
  source: CliSource,
  platform: NodeJS.Platform,
  env: NodeJS.ProcessEnv,
): Promise<LocatedCli> {
  if (platform !== 'win32' || !/\.(cmd|bat)$/i.test(file))
    return { path: file, source, command: file, argsPrefix: [] };
  const content = await readFile(file, 'utf8').catch(() => '');
  const dir = path.win32.dirname(file);
  // An npm shim names its target; any other launcher in an npm folder most likely runs the package beside it.
  const target = parseCmdShim(content, dir) ?? (await besideShim(dir));
  if (target?.kind === 'exe' && (await probe(target.path, platform)) === 'ok') {
    return { path: file, source, command: target.path, argsPrefix: [] };
  }
  if (target?.kind === 'node-script' && (await probe(target.script, platform)) === 'ok') {
    const node =
      target.node && (await probe(target.node, platform)) === 'ok'
        ? target.node
        : ((await searchPathFor('node', env.PATH ?? env.Path, env)) ?? undefined);
    if (node) return { path: file, source, command: node, argsPrefix: [target.script] };
  }
  const comspec = env.ComSpec ?? env.COMSPEC ?? 'cmd.exe';
  return { path: file, source, command: comspec, argsPrefix: [], cmdShim: true };
}

/** The first of the CLI package's launch targets beside a launcher we could not read that exists. */
async function besideShim(dir: string): Promise<ShimTarget | null> {
  for (const target of packageTargets(dir)) {
    if ((await probe(target.kind === 'exe' ? target.path : target.script, 'win32')) === 'ok') return target;
  }
  return null;
}

async function searchPathFor(
  name: string,
  pathValue: string | undefined,
  env: NodeJS.ProcessEnv,
): Promise<string | null> {
  const exts = (env.PATHEXT ?? '.COM;.EXE').split(';').filter((e) => /^\.(exe|com)$/i.test(e));
  for (const dir of pathEntries(pathValue, 'win32')) {
    for (const ext of exts) {
      const file = path.win32.join(dir, name + ext.toLowerCase());
      if ((await probe(file, 'win32')) === 'ok') return file;
    }
  }
  return null;
}

/**
 * The final argv for a located CLI: direct, or the escaped cmd.exe line for an unresolved shim (within cmd.exe's
 * line limit, or a typed command_too_long; see windowsCommandLine.ts).
 */
export function invocation(
  cli: LocatedCli,
  args: readonly string[],
): { command: string; args: string[]; windowsVerbatimArguments?: boolean } {
  if (cli.cmdShim) return fittingCmdInvocation(cli.path, args, cli.command);
  return { command: cli.command, args: [...cli.argsPrefix, ...args] };
}
