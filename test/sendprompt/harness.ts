// Builds a real sendPrompt (real gate, runner, reader, extraction, validation) around a given CLI path.
import { readFileSync } from 'node:fs';
import { ConcurrencyGate } from '../../src/main/llm/gate';
import type { LocatedCli } from '../../src/main/engines/claude-cli/locateCli';

import { engineSendPrompt, type EngineSendPromptOptions } from '../support/engineSendPrompt';
import { memoryLogger } from '../support/memorySpawner';
import { instantRetries } from '../support/instantRetries';
import { fakeClaudeEnv, fakeClaudePath, type FakeClaudeOptions } from '../support/fakeCli';
import { PERSON_PROMPT, PERSON_SCHEMA } from '../support/scenarios';

/** The recorded fixtures' schema and prompt, as a request carries them. */
export const PERSON = JSON.parse(JSON.stringify(PERSON_SCHEMA)) as Record<string, unknown>;
export const PROMPT = PERSON_PROMPT;

export function located(path: string): LocatedCli {
  return { path, source: 'env', command: path, argsPrefix: [] };
}

export interface HarnessOptions extends Partial<Omit<EngineSendPromptOptions, 'env'>> {
  cliPath: string;
  env: NodeJS.ProcessEnv;
}

export function harness(options: HarnessOptions) {
  const { logger, lines } = memoryLogger();
  const { cliPath, env, ...rest } = options;
  const sendPrompt = engineSendPrompt({
    locate: async () => located(cliPath),
    gate: new ConcurrencyGate(2),
    logger,
    settings: () => ({}),
    env: () => env,
    retry: instantRetries,
    ...rest,
  });
  return { sendPrompt, logLines: lines };
}

export function fakeEnv(options: FakeClaudeOptions): NodeJS.ProcessEnv {
  return { ...process.env, ...fakeClaudeEnv(options) };
}

/** A real sendPrompt over test/support/fakeClaude.mjs in the given mode (scenario, record file...). */
export function fake(options: FakeClaudeOptions, extra: Partial<HarnessOptions> = {}) {
  return harness({ cliPath: fakeClaudePath(), env: fakeEnv(options), ...extra });
}

/** True while the process exists and is not a zombie (pid 1 in a container may never reap orphans). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}
