import { afterEach, describe, expect, it } from 'vitest';
import type { GenerationProgress } from '../../shared/stories';
import { ProgressTracker } from './progressTracker';

const story = (t: string) => ({ title: t, description: 'd', acceptanceCriteria: ['c'] });
let tracker: ProgressTracker | undefined;
afterEach(() => tracker?.finish());

describe('ProgressTracker', () => {
  it('queued → running when the engine streams; stories as items close; retry clears them and says when', () => {
    const seen: GenerationProgress[] = [];
    let now = 1000;
    const t = (tracker = new ProgressTracker(
      'g',
      (p) => seen.push(p),
      () => now,
      60_000,
    ));
    expect(seen.at(-1)).toMatchObject({ phase: 'queued', elapsedMs: 0, stories: [] });
    now = 1500;
    t.event({ type: 'phase', phase: 'streaming' });
    expect(seen.at(-1)).toMatchObject({ phase: 'running', elapsedMs: 500 });
    t.preview({ type: 'item', path: ['stories'], index: 0, value: story('A') });
    t.preview({ type: 'item', path: ['stories', 0, 'acceptanceCriteria'], index: 0, value: 'c' }); // not a story
    t.preview({ type: 'item', path: ['stories'], index: 1, value: { title: 'half' } }); // invalid: skipped
    expect(seen.at(-1)!.stories).toEqual([story('A')]);
    t.retry({ code: 'rate_limited', attempt: 1, delayMs: 4200, message: 'Claude usage limit reached.' });
    expect(seen.at(-1)).toMatchObject({ phase: 'retrying', retryInSeconds: 5, stories: [] });
    expect(seen.at(-1)!.message).toContain('attempt 2');
    t.event({ type: 'usage', id: 'm1', tokensOut: 40 }); // one turn's count: no cost yet
    t.event({ type: 'usage', total: true, costUsd: 0.25 });
    t.finish();
    expect(seen.at(-1)).toMatchObject({ phase: 'finished', costUsd: 0.25 });
    expect(seen.at(-1)!.retryInSeconds).toBeUndefined();
  });
});
