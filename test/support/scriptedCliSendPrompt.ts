// What the sendPrompt tests share: a scripted CLI (memorySpawner) behind a real sendPrompt, and a happy transcript.
import { ConcurrencyGate } from '../../src/main/llm/gate';
import type { LocatedCli } from '../../src/main/engines/claude-cli/locateCli';
import type { EngineSendPromptOptions } from './engineSendPrompt';
import { engineSendPrompt } from './engineSendPrompt';
import { memoryLogger, memorySpawner, transcript as t, type ScriptedRun } from './memorySpawner';

const CLI: LocatedCli = {
  path: '/opt/claude',
  source: 'path',
  command: '/opt/claude',
  argsPrefix: [],
};
export const PERSON = {
  type: 'object',
  properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' } },
  required: ['name'],
  additionalProperties: false,
};
export const noSleep = { sleep: async () => {}, random: () => 0 };

export function setup(runs: ScriptedRun[], extra: Partial<EngineSendPromptOptions> = {}) {
  const { spawn, calls } = memorySpawner(runs);
  const { logger, lines } = memoryLogger();
  const sendPrompt = engineSendPrompt({
    locate: async () => CLI,
    gate: new ConcurrencyGate(2),
    logger,
    settings: () => ({ defaultModel: 'sonnet' }),
    spawn,
    env: () => ({ PATH: '/usr/bin' }),
    retry: { deps: noSleep },
    ...extra,
  });
  return { sendPrompt, calls, lines };
}

export const happy = (output: unknown, version = '2.1.330') => ({
  stdout: t.lines(t.init(version), t.result({ structured_output: output, result: JSON.stringify(output) })),
});
