// A Puffin stand-in the lifecycle tests can SIGKILL: runs one sendPrompt call against the fake CLI (the mode in
// FAKE_CLAUDE_SCENARIO), prints "started" once the CLI's init line arrived, then waits for the call.
// Usage: node --import tsx test/chaos/support/runDriver.ts
import { ConcurrencyGate } from '../../../src/main/llm/gate';
import { silentLogger } from '../../../src/main/base/logger';
import { engineSendPrompt } from '../../support/engineSendPrompt';
import { fakeClaudePath } from '../../support/fakeCli';

const sendPrompt = engineSendPrompt({
  locate: async () => ({ path: fakeClaudePath(), source: 'env', command: fakeClaudePath(), argsPrefix: [] }),
  gate: new ConcurrencyGate(1),
  logger: silentLogger,
  settings: () => ({}),
  onCliEvent: (e) => {
    if (e.kind === 'init') process.stdout.write('started\n');
  },
});
const outcome = await sendPrompt({
  workflow: 'cli-prompt',
  prompt: 'hello',
  schema: { type: 'object', properties: { name: { type: 'string' } } },
  timeoutMs: 120_000,
}).then(
  () => 'ok',
  (e: { code?: string }) => e.code ?? 'error',
);
process.stdout.write(`${outcome}\n`);
