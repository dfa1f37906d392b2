// Running the real Claude Code CLI (the npm devDependencies) hermetically against the mock API.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { childUntilStalled, StallError } from './stallGuard';

export type CliVersionName = 'current' | 'old';
/** A pinned build, or `build`: the installed package PUFFIN_CLI_BUILD points at (see scripts/cli-builds.mjs). */
export type CliBuildName = CliVersionName | 'build';

/** The variable naming the CLI build `claudeBinary('build')` runs: a package folder or an install prefix. */
export const CLI_BUILD_VARIABLE = 'PUFFIN_CLI_BUILD';

/** The npm package (as named in package.json) that wraps each CLI build. */
const WRAPPER_PACKAGE: Record<CliVersionName, string> = {
  current: '@anthropic-ai/claude-code',
  old: 'claude-code-old',
};

export interface ClaudeBinary {
  which: CliBuildName;
  /** Version of the wrapper package, which is what `claude --version` prints. */
  version: string;
  /** Program to spawn and the arguments that go before the CLI's own. */
  command: string;
  prefixArgs: string[];
  /** True when `command` is the native binary; false when it is node running cli-wrapper.cjs or cli.js. */
  native: boolean;
}

const require = createRequire(import.meta.url);

function platformKey(): string {
  // glibcVersionRuntime is absent on musl, as the wrapper itself detects it.
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
  const musl = process.platform === 'linux' && report?.header?.glibcVersionRuntime === undefined;
  return `${process.platform}-${process.arch}${musl ? '-musl' : ''}`;
}

/** The manifest of the package PUFFIN_CLI_BUILD names: the package folder itself or a prefix it was installed into. */
function buildManifest(env: NodeJS.ProcessEnv): string {
  const given = env[CLI_BUILD_VARIABLE];
  if (!given)
    throw new Error(`claudeBinary('build') needs ${CLI_BUILD_VARIABLE} (a claude-code package folder)`);
  const candidates = [
    path.join(given, 'node_modules', '@anthropic-ai', 'claude-code', 'package.json'),
    path.join(given, 'package.json'),
  ];
  const found = candidates.find(
    (file) =>
      existsSync(file) &&
      (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === '@anthropic-ai/claude-code',
  );
  if (!found) throw new Error(`${CLI_BUILD_VARIABLE}=${given} holds no @anthropic-ai/claude-code package`);
  return found;
}

/**
 * Locates a CLI build. npm's postinstall (which copies the native binary over bin/claude.exe) did
 * not run here, so the native binary is taken from the per-platform package, resolved relative to
 * the wrapper so that the old build finds its own nested copy; else node runs cli-wrapper.cjs, or
 * cli.js for the builds before the native binary (bin `cli.js`).
 */
export function claudeBinary(which: CliBuildName, env: NodeJS.ProcessEnv = process.env): ClaudeBinary {
  const wrapperManifest =
    which === 'build' ? buildManifest(env) : require.resolve(`${WRAPPER_PACKAGE[which]}/package.json`);
  const wrapperDir = path.dirname(wrapperManifest);
  const { version, bin } = JSON.parse(readFileSync(wrapperManifest, 'utf8')) as {
    version: string;
    bin?: Record<string, string>;
  };
  const binaryName = process.platform === 'win32' ? 'claude.exe' : 'claude';
  try {
    const platformManifest = createRequire(wrapperManifest).resolve(
      `@anthropic-ai/claude-code-${platformKey()}/package.json`,
    );
    const native = path.join(path.dirname(platformManifest), binaryName);
    if (existsSync(native)) return { which, version, command: native, prefixArgs: [], native: true };
  } catch {
    // No platform package: fall through to the script.
  }
  const script = bin?.claude?.endsWith('.js') ? bin.claude : 'cli-wrapper.cjs';
  return {
    which,
    version,
    command: process.execPath,
    prefixArgs: [path.join(wrapperDir, script)],
    native: false,
  };
}

/**
 * A single executable path for code that takes "the claude binary" (PUFFIN_CLAUDE_PATH, PATH):
 * the native binary itself, or a shell shim that runs the wrapper script with this node.
 */
export function claudeExecutable(which: CliBuildName, shimDir?: string): string {
  const binary = claudeBinary(which);
  if (binary.native && !shimDir) return binary.command;
  return writeClaudeShim(binary, shimDir ?? mkdtempSync(path.join(tmpdir(), 'puffin-claude-shim-')));
}

/** Writes an executable `claude` into `dir` (put `dir` first on PATH to make it the `claude`). */
export function writeClaudeShim(binary: ClaudeBinary, dir: string): string {
  const target = path.join(dir, 'claude');
  const quoted = [binary.command, ...binary.prefixArgs]
    .map((a) => `'${a.replaceAll("'", `'\\''`)}'`)
    .join(' ');
  writeFileSync(target, `#!/bin/sh\nexec ${quoted} "$@"\n`);
  chmodSync(target, 0o755);
  return target;
}

export interface TempHome {
  dir: string;
  cleanup(): void;
}

/** A fresh, empty HOME: no credentials, settings or history leak in from the machine. */
export function makeTempHome(prefix = 'puffin-cli-home-'): TempHome {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Variables that keep the CLI off the network (other than the mock) and quick to start. */
function hermeticBase(homeDir: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: homeDir,
    USERPROFILE: homeDir,
    TMPDIR: tmpdir(),
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    XDG_CONFIG_HOME: path.join(homeDir, '.config'),
    XDG_CACHE_HOME: path.join(homeDir, '.cache'),
    XDG_DATA_HOME: path.join(homeDir, '.local', 'share'),
    XDG_STATE_HOME: path.join(homeDir, '.local', 'state'),
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    DISABLE_AUTOUPDATER: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  };
}

export interface CliEnvOptions {
  /**
   * The CLI's own retry budget for 429/5xx/connection errors (CLAUDE_CODE_MAX_RETRIES, read by
   * 2.1.186 and 2.1.330). Default 0: a scripted error surfaces at once instead of after ~10 backoffs.
   */
  maxRetries?: number;
  /** Extra variables, applied last. */
  extra?: Record<string, string>;
}

/**
 * The complete environment for a CLI run against the mock. Spawn with `extendEnv: false` (execa) or
 * without merging process.env, so nothing from the developer's shell (keys, HOME) leaks in.
 */
export function cliEnv(
  mockUrl: string,
  homeDir: string,
  options: CliEnvOptions = {},
): Record<string, string> {
  return {
    ...hermeticBase(homeDir),
    ANTHROPIC_BASE_URL: mockUrl,
    ANTHROPIC_API_KEY: 'test',
    CLAUDE_CODE_MAX_RETRIES: String(options.maxRetries ?? 0),
    ...options.extra,
  };
}

/**
 * No API key and an empty HOME: the CLI reports "Not logged in · Please run /login" (m19, m20).
 * `mockUrl` is still set so that a CLI that did try the API would reach the mock, not the internet.
 */
export function notLoggedInEnv(homeDir: string, mockUrl?: string): Record<string, string> {
  return { ...hermeticBase(homeDir), ...(mockUrl ? { ANTHROPIC_BASE_URL: mockUrl } : {}) };
}

export interface CliRun {
  exitCode: number | undefined;
  signal: string | undefined;
  stdout: string;
  stderr: string;
  /** Non-empty stdout lines. */
  rawLines: string[];
  /** Lines that parsed as JSON objects. */
  events: Record<string, unknown>[];
  durationMs: number;
  /** Killed because neither it nor `progress` moved for the stall window (see stallGuard.ts). */
  stalled: boolean;
}

export interface RunCliOptions {
  args: string[];
  /** Written to stdin, which is then closed. */
  prompt: string;
  env: Record<string, string>;
  cwd: string;
  /** Progress outside the process (e.g. the mock's request count); its output counts anyway. */
  progress?: () => number;
  /** Overrides the stall window (PUFFIN_TEST_STALL_MS, default 60 s). */
  stallMs?: number;
}

/**
 * Spawns the binary directly (no shell), prompt on stdin, and collects its output. It is killed only when it stalls
 * (no output and no outside progress for the stall window), never after a fixed total time: a loaded machine makes a
 * run slower, not wrong.
 */
export async function runCli(binary: ClaudeBinary, options: RunCliOptions): Promise<CliRun> {
  const started = Date.now();
  const subprocess = execa(binary.command, [...binary.prefixArgs, ...options.args], {
    input: options.prompt,
    env: options.env,
    extendEnv: false,
    cwd: options.cwd,
    reject: false,
    stripFinalNewline: false,
  });
  let stalled = false;
  const result = await childUntilStalled(
    subprocess,
    options.progress ?? (() => 0),
    'CLI run',
    options.stallMs,
  ).catch((error: unknown) => {
    if (!(error instanceof StallError)) throw error;
    stalled = true; // killed: its output so far is still worth showing
    return subprocess;
  });
  const stdout = String(result.stdout);
  const rawLines = stdout.split('\n').filter((line) => line.trim() !== '');
  return {
    exitCode: result.exitCode,
    signal: result.signal,
    stdout,
    stderr: String(result.stderr),
    rawLines,
    events: rawLines.flatMap(parseObjectLine),
    durationMs: Date.now() - started,
    stalled,
  };
}

function parseObjectLine(line: string): Record<string, unknown>[] {
  try {
    const value: unknown = JSON.parse(line);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? [value as Record<string, unknown>]
      : [];
  } catch {
    return [];
  }
}

/** The stream-json arguments Puffin passes, with the schema as a JSON string. */
export function streamJsonArgs(schema: object, maxTurns: number, extra: string[] = []): string[] {
  return [
    '-p',
    '--output-format',
    'stream-json',
    '--verbose',
    '--json-schema',
    JSON.stringify(schema),
    '--max-turns',
    String(maxTurns),
    ...extra,
  ];
}
