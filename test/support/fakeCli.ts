// Helpers around test/support/fakeClaude.mjs and the spawn failures no CLI can produce by itself.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchDir } from './scratchDir';

/** Named faults of the fake CLI (see the header of fakeClaude.mjs). */
export type FakeClaudeMode =
  | 'happy'
  | 'crash-mid-stream'
  | 'exit-137'
  | 'hang'
  | 'hang-after-init'
  | 'hang-ignore-sigterm'
  | 'garbage-lines'
  | 'huge-line'
  | 'no-result'
  | 'exit-without-output'
  | 'slow-drip'
  | 'result-then-hang'
  | 'grandchild-holds-stdout'
  | 'setsid-grandchild-holds-stdout'
  | 'grandchild-hang'
  | 'setsid-grandchild-hang'
  | 'setsid-grandchild-then-happy'
  | 'api-error'
  | 'partial-result'
  | 'garbage-only'
  | 'binary-garbage'
  | 'stderr-flood'
  | 'slow-start'
  | 'exit-0-silent'
  | 'sigterm-self'
  | 'huge-line-forever';

export const FAKE_CLAUDE_MODES: readonly FakeClaudeMode[] = [
  'happy',
  'crash-mid-stream',
  'exit-137',
  'hang',
  'hang-after-init',
  'hang-ignore-sigterm',
  'garbage-lines',
  'huge-line',
  'no-result',
  'exit-without-output',
  'slow-drip',
  'result-then-hang',
  'grandchild-holds-stdout',
  'setsid-grandchild-holds-stdout',
  'grandchild-hang',
  'setsid-grandchild-hang',
  'setsid-grandchild-then-happy',
  'api-error',
  'partial-result',
  'garbage-only',
  'binary-garbage',
  'stderr-flood',
  'slow-start',
  'exit-0-silent',
  'sigterm-self',
  'huge-line-forever',
];

/** Absolute path of the executable fake CLI (a `#!/usr/bin/env node` script). */
export function fakeClaudePath(): string {
  return fileURLToPath(new URL('./fakeClaude.mjs', import.meta.url));
}

/** A recorded transcript kept with the tests (copies of shared/fixtures/cli), e.g. `m10-2.1.330-happy.jsonl`. */
export function cliFixturePath(fileName: string): string {
  return fileURLToPath(new URL(`./fixtures/cli/${fileName}`, import.meta.url));
}

export interface FakeClaudeOptions {
  /** A named fault, or the path of a .jsonl transcript to replay. */
  scenario: FakeClaudeMode | string;
  /** File to which each invocation appends {argv, stdin, pid, cwd}. */
  recordFile?: string;
  /** structured_output of the built-in transcripts. */
  output?: unknown;
  /** Printed by --version and in the init line. */
  version?: string;
  /** Exit code after replaying a .jsonl (else the sibling .meta.txt's, else 0). */
  exitCode?: number;
  hugeBytes?: number;
  dripMs?: number;
  /** HTTP status of the api-error mode. */
  apiStatus?: number;
  /** For api-error 429: a rejected rate_limit_event resetting this many seconds from now. */
  retryAfterS?: number;
  /** The slow-start pause. */
  delayMs?: number;
  /** Where the grandchild modes append the pids they start. */
  pidFile?: string;
}

/** Variables that select the fake's behaviour; merge them into the child's environment. */
export function fakeClaudeEnv(options: FakeClaudeOptions): Record<string, string> {
  const env: Record<string, string> = { FAKE_CLAUDE_SCENARIO: options.scenario };
  if (options.recordFile) env.FAKE_CLAUDE_RECORD = options.recordFile;
  if (options.output !== undefined) env.FAKE_CLAUDE_OUTPUT = JSON.stringify(options.output);
  if (options.version) env.FAKE_CLAUDE_VERSION = options.version;
  if (options.exitCode !== undefined) env.FAKE_CLAUDE_EXIT_CODE = String(options.exitCode);
  if (options.hugeBytes !== undefined) env.FAKE_CLAUDE_HUGE_BYTES = String(options.hugeBytes);
  if (options.dripMs !== undefined) env.FAKE_CLAUDE_DRIP_MS = String(options.dripMs);
  if (options.apiStatus !== undefined) env.FAKE_CLAUDE_API_STATUS = String(options.apiStatus);
  if (options.retryAfterS !== undefined) env.FAKE_CLAUDE_RETRY_AFTER_S = String(options.retryAfterS);
  if (options.delayMs !== undefined) env.FAKE_CLAUDE_DELAY_MS = String(options.delayMs);
  if (options.pidFile) env.FAKE_CLAUDE_PID_FILE = options.pidFile;
  return env;
}

export interface FakeClaudeInvocation {
  argv: string[];
  stdin: string;
  pid: number;
  cwd: string;
  /** The PUFFIN_RUN_ID marker the fake was started with. */
  runId?: string;
}

/** A path (not yet existing) for FAKE_CLAUDE_RECORD in a fresh temp dir. */
export function makeRecordFile(): string {
  return path.join(scratchDir('puffin-fake-record-'), 'invocations.jsonl');
}

/** Every invocation the fake recorded, in order; empty when it never ran. */
export function readFakeClaudeRecord(recordFile: string): FakeClaudeInvocation[] {
  if (!existsSync(recordFile)) return [];
  return readFileSync(recordFile, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as FakeClaudeInvocation);
}

/** A path that does not exist: spawning it fails with ENOENT. */
export function missingClaudePath(): string {
  return path.join(scratchDir('puffin-no-claude-'), 'claude');
}

/** A file without execute permission: spawning it fails with EACCES (also for root). */
export function nonExecutableClaudePath(): string {
  const file = path.join(scratchDir('puffin-noexec-claude-'), 'claude');
  writeFileSync(file, '#!/bin/sh\necho should never run\n', { mode: 0o644 });
  return file;
}
