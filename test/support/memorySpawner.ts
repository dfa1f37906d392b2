/**
 * Test doubles for sendPrompt's unit tests and the bench: a Spawner that "runs" nothing and prints a given
 * transcript (the logger that remembers lines is memoryLogger.ts, re-exported here).
 */
import { Readable } from 'node:stream';
import type { SpawnExit, Spawner } from '../../src/main/engines/claude-cli/spawnCli';

export interface ScriptedRun {
  stdout: string;
  stderr?: string;
  exitCode?: number;
}

export interface SpawnCall {
  command: string;
  args: string[];
  input: string;
}

/** Prints each scripted run in turn (the last one repeats); records every call. */
export function memorySpawner(runs: ScriptedRun[]): { spawn: Spawner; calls: SpawnCall[] } {
  const calls: SpawnCall[] = [];
  const spawn: Spawner = (command, args, options) => {
    const run = runs[Math.min(calls.length, runs.length - 1)]!;
    calls.push({ command, args: [...args], input: options.input });
    const stdout = Readable.from(run.stdout ? [Buffer.from(run.stdout)] : []);
    const stderr = Readable.from(run.stderr ? [Buffer.from(run.stderr)] : []);
    const ended = (s: Readable) => new Promise<void>((resolve) => s.on('end', resolve).on('close', resolve));
    const exited = Promise.all([ended(stdout), ended(stderr)]).then((): SpawnExit => ({
      exitCode: run.exitCode ?? 0,
      signal: null,
    }));
    return { pid: undefined, stdout, stderr, exited };
  };
  return { spawn, calls };
}

export { memoryLogger, type LoggedLine } from './memoryLogger';

/** A stream-json transcript built from parts, the way CLI 2.1.330 prints it. */
export const transcript = {
  init: (version = '2.1.330', tools = ['StructuredOutput']) =>
    JSON.stringify({
      type: 'system',
      subtype: 'init',
      session_id: 's-1',
      tools,
      model: 'claude-test',
      claude_code_version: version,
    }),
  text: (text: string, id = 'msg_1') =>
    JSON.stringify({
      type: 'assistant',
      message: { id, model: 'claude-test', role: 'assistant', content: [{ type: 'text', text }] },
    }),
  result: (fields: Record<string, unknown>) =>
    JSON.stringify({
      type: 'result',
      subtype: 'success',
      is_error: false,
      total_cost_usd: 0.01,
      num_turns: 2,
      duration_ms: 1234,
      session_id: 's-1',
      ...fields,
    }),
  lines: (...lines: string[]) => lines.join('\n') + '\n',
};
