import { afterEach, describe, expect, it } from 'vitest';
import type { GenerationProgress } from '../../shared/stories';
import { ProgressTracker } from './progressTracker';

const story = (t: string) => ({ title: t, description: 'd', acceptanceCriteria: ['c'] });
let tracker: ProgressTracker | undefined;
afterEach(() => tracker?.finish());

describe('ProgressTracker', () => {
  it('queued → running on the first CLI line; stories as items close; retry clears them and says when', () => {
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
    t.event({ kind: 'init', tools: [], raw: {} });
    expect(seen.at(-1)).toMatchObject({ phase: 'running', elapsedMs: 500 });
    t.preview({ type: 'item', path: ['stories'], index: 0, value: story('A') });
    t.preview({ type: 'item', path: ['stories', 0, 'acceptanceCriteria'], index: 0, value: 'c' }); // not a story
    t.preview({ type: 'item', path: ['stories'], index: 1, value: { title: 'half' } }); // invalid: skipped
    expect(seen.at(-1)!.stories).toEqual([story('A')]);
    t.retry({ code: 'rate_limited', attempt: 1, delayMs: 4200, message: 'Claude usage limit reached.' });
    expect(seen.at(-1)).toMatchObject({ phase: 'retrying', retryInSeconds: 5, stories: [] });
    expect(seen.at(-1)!.message).toContain('attempt 2');
    t.event({
      kind: 'result',
      isError: false,
      hasStructuredOutput: true,
      errors: [],
      costUsd: 0.25,
      raw: {},
    });
    t.finish();
    expect(seen.at(-1)).toMatchObject({ phase: 'finished', costUsd: 0.25 });
    expect(seen.at(-1)!.retryInSeconds).toBeUndefined();
  });
});
