import { describe, expect, it } from 'vitest';
import { PromptError } from '../llm/errors';
import type { SendPrompt, SendPromptRequest } from '../llm/promptTypes';
import { createPromptRuns } from './promptRuns';

describe('createPromptRuns', () => {
  it('cancelAll aborts the calls running, and a call that starts after it (Ctrl-C while its prompt was being built) is cancelled before it reaches the engine', async () => {
    const seen: SendPromptRequest[] = [];
    const sendPrompt = ((req: SendPromptRequest) => {
      seen.push(req);
      return new Promise((_, reject) => {
        const stop = () => reject(new PromptError('cancelled'));
        if (req.signal?.aborted) stop();
        else req.signal?.addEventListener('abort', stop);
      });
    }) as unknown as SendPrompt;
    const runs = createPromptRuns(sendPrompt);
    const req = { workflow: 'cli-prompt', prompt: 'p', schema: { type: 'object' } } as const;
    const running = runs.run(req);
    runs.cancelAll();
    await expect(running).rejects.toMatchObject({ code: 'cancelled' });
    await expect(runs.run(req)).rejects.toMatchObject({ code: 'cancelled' });
    expect(seen.map((r) => r.signal?.aborted)).toEqual([true, true]);
    let tracked: boolean | undefined;
    await runs.track(async (signal) => void (tracked = signal.aborted));
    expect(tracked).toBe(true);
  });
});
