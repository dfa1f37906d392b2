/**
 * npm installs `claude` on Windows as a `.cmd` shim. Node refuses to spawn `.cmd` files without a shell
 * (CVE-2024-27980), and `shell: true` hands our JSON schema and `--tools ""` to cmd.exe's quoting rules.
 * So: resolve the shim to what it runs (a native .exe, or a node script run with node) when we can read it,
 * otherwise run `cmd.exe /d /s /c "<command line>"` with every argument escaped for cmd (as cross-spawn does).
 * Everything here is pure string work so it can be tested on any platform.
 */

export type ShimTarget =
  { kind: 'exe'; path: string } | { kind: 'node-script'; script: string; node?: string };

/** Joins a shim-relative path the way cmd would (`%dp0%` is the shim's folder, with a trailing backslash). */
function winJoin(dir: string, rel: string): string {
  const base = dir.replace(/[\\/]+$/, '');
  return `${base}\\${rel.replace(/^[\\/]+/, '')}`.replace(/\//g, '\\');
}

/**
 * Reads an npm cmd-shim (`cmd-shim` package format) and returns what it launches, or null when the file
 * does not look like one. `shimDir` is the folder holding the shim.
 */
export function parseCmdShim(content: string, shimDir: string): ShimTarget | null {
  // The launch line ends with `"%dp0%\<target>" %*`; the program before it is either "%_prog%" or the target itself.
  const launch = /"%(?:~)?dp0%\\?([^"]+)"\s+%\*/i.exec(content);
  if (!launch) return null;
  const target = winJoin(shimDir, launch[1]!);
  if (/\.(exe|com)$/i.test(target)) return { kind: 'exe', path: target };
  if (/\.(c|m)?js$/i.test(target)) {
    const localNode = /"%dp0%\\node\.exe"/i.test(content) ? winJoin(shimDir, 'node.exe') : undefined;
    return localNode
      ? { kind: 'node-script', script: target, node: localNode }
      : { kind: 'node-script', script: target };
  }
  return null;
}

/**
 * What a launcher in an npm folder most likely runs when it is not an npm shim we can read: the CLI package
 * installed beside it, its native binary first (the package's bin since 2.1.2xx), else its cli.js.
 */
export function packageTargets(shimDir: string): ShimTarget[] {
  const pkg = winJoin(shimDir, 'node_modules\\@anthropic-ai\\claude-code');
  return [
    { kind: 'exe', path: winJoin(pkg, 'bin\\claude.exe') },
    { kind: 'node-script', script: winJoin(pkg, 'cli.js') },
  ];
}

const CMD_META = /([()\][%!^"`<>&|;, *?])/g;

/** Quotes one argument for CommandLineToArgvW, then escapes cmd.exe metacharacters (twice for npm shims). */
export function escapeCmdArgument(arg: string, doubleEscape: boolean): string {
  // Backslashes before a quote are doubled and the quote escaped; trailing backslashes are doubled too,
  // because the closing quote we add would otherwise be escaped by them.
  let out = arg.replace(/(\\*)"/g, '$1$1\\"').replace(/(\\*)$/, '$1$1');
  out = `"${out}"`;
  out = out.replace(CMD_META, '^$1');
  // A .cmd shim re-parses its %* once more, so metacharacters need a second level of escaping.
  if (doubleEscape) out = out.replace(CMD_META, '^$1');
  return out;
}

/** Escapes the command itself: only metacharacters, no quoting (cmd resolves it as a path). */
export function escapeCmdCommand(command: string): string {
  return command.replace(CMD_META, '^$1');
}

export interface CmdInvocation {
  command: string;
  args: string[];
  windowsVerbatimArguments: true;
}

/** `cmd.exe /d /s /c "<shim> <args>"`, for a shim we could not resolve. */
export function cmdShimInvocation(
  shimPath: string,
  args: readonly string[],
  comspec = 'cmd.exe',
): CmdInvocation {
  const line = [escapeCmdCommand(shimPath), ...args.map((a) => escapeCmdArgument(a, true))].join(' ');
  return { command: comspec, args: ['/d', '/s', '/c', `"${line}"`], windowsVerbatimArguments: true };
}
