import { describe, expect, it } from 'vitest';
import { EMPTY_META, type Generation } from '../../shared/stories';
import { PromptError } from '../llm/errors';
import { engineSendPrompt } from '../../../test/support/engineSendPrompt';
import { ConcurrencyGate } from '../llm/gate';
import { memoryLogger, memorySpawner, transcript as t } from '../../../test/support/memorySpawner';
import { failed } from './generationRecord';

const running: Generation = {
  id: 'g1',
  kind: 'derive',
  title: 't',
  prompt: 'p',
  status: 'running',
  createdAt: '2030-01-01T00:00:00.000Z',
  warnings: [],
  meta: { ...EMPTY_META },
};

describe('failed: the cost of a failed call is recorded', () => {
  it('keeps what the CLI result line reported (cost, turns, session) and what the user waited for a failed run', async () => {
    let clock = 50_000;
    const slots = new ConcurrencyGate(1);
    // The call waits 2 s for its slot on the clock sendPrompt reads; the CLI itself says 1234 ms.
    const gate = {
      run: (fn: Parameters<ConcurrencyGate['run']>[0], signal?: AbortSignal) => {
        clock += 2000;
        return slots.run(fn, signal);
      },
    } as unknown as ConcurrencyGate;
    const { spawn } = memorySpawner([
      {
        stdout: t.lines(
          t.init('2.1.330'),
          t.result({ subtype: 'error_max_turns', is_error: true, total_cost_usd: 0.42, num_turns: 7 }),
        ),
      },
    ]);
    const sendPrompt = engineSendPrompt({
      locate: async () => ({ path: '/opt/claude', source: 'path', command: '/opt/claude', argsPrefix: [] }),
      gate,
      logger: memoryLogger().logger,
      settings: () => ({ defaultModel: 'sonnet' }),
      spawn,
      env: () => ({ PATH: '/usr/bin' }),
      retry: { deps: { sleep: async () => {}, random: () => 0, now: () => clock } },
    });
    const err = await sendPrompt({ workflow: 'cli-prompt', prompt: 'p', schema: { type: 'object' } }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(PromptError);
    const record = failed(running, err);
    expect(record.status).toBe('failed');
    expect(record.meta).toEqual({
      // The engine seam: the record names its provider (deliberately added).
      provider: 'claude-cli',
      engineVersion: '2.1.330',
      cliVersion: '2.1.330',
      costUsd: 0.42,
      turns: 7,
      durationMs: 2000,
      sessionId: 's-1',
      model: null,
    });
  });

  it('a cancelled call keeps the cost it reported; an error without a result line keeps none', () => {
    const cancelled = failed(
      running,
      new PromptError('cancelled', { diagnostics: { costUsd: 0.05, turns: 1, cliVersion: '2.1.330' } }),
    );
    expect(cancelled).toMatchObject({ status: 'cancelled', meta: { costUsd: 0.05, turns: 1 } });
    expect(failed(running, new Error('boom')).meta).toEqual({ ...EMPTY_META, cliVersion: null });
  });
});
