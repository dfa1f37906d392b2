import { describe, expect, it } from 'vitest';
import { EMPTY_META, type Generation } from '../../shared/stories';
import { recoveredFromRawLines } from './recoveredResult';

const running = (kind: Generation['kind']): Generation => ({
  id: 'g',
  kind,
  title: 't',
  prompt: 'p',
  status: 'running',
  createdAt: '2030-01-01T00:00:00.000Z',
  warnings: [],
  meta: { ...EMPTY_META },
  owner: { pid: 1, host: 'h', startedAt: 'T' },
});
const init = JSON.stringify({ type: 'system', subtype: 'init', model: 'm1', claude_code_version: '2.1.330' });
const result = (more: Record<string, unknown>) =>
  JSON.stringify({
    type: 'result',
    subtype: 'success',
    total_cost_usd: 0.42,
    num_turns: 3,
    session_id: 's',
    ...more,
  });
const AT = '2030-01-02T00:00:00.000Z';

describe('recoveredFromRawLines', () => {
  it('no result line: nothing to recover', () => {
    expect(recoveredFromRawLines(running('derive'), [init, '{"type":"assistant"}'], AT)).toBeNull();
  });

  it('a prompt becomes its answer with the cost, turns, model and CLI version of its lines', () => {
    const g = recoveredFromRawLines(running('prompt'), [init, 'garbage', result({ result: '# Hi' })], AT)!;
    expect(g).toMatchObject({ status: 'succeeded', markdown: '# Hi', finishedAt: AT });
    expect(g.meta).toMatchObject({
      costUsd: 0.42,
      turns: 3,
      sessionId: 's',
      model: 'm1',
      cliVersion: '2.1.330',
    });
    expect(g.owner).toBeUndefined();
    expect(g.warnings.join(' ')).toMatch(/recovered/);
  });

  it('a stories round keeps its stories only when every one is a draft', () => {
    const story = { title: 'T', description: 'D', acceptanceCriteria: ['c'] };
    const ok = recoveredFromRawLines(
      running('derive'),
      [result({ structured_output: { stories: [story] } })],
      AT,
    );
    expect(ok?.stories).toEqual([{ ...story, locked: false }]);
    const bad = recoveredFromRawLines(
      running('derive'),
      [result({ structured_output: { stories: [story, 1] } })],
      AT,
    );
    expect(bad?.status).toBe('succeeded');
    expect(bad?.stories).toBeUndefined();
  });

  it('an error result stays failed, but with what it cost', () => {
    const g = recoveredFromRawLines(
      running('plan-generate'),
      [result({ subtype: 'error_max_turns', is_error: true })],
      AT,
    )!;
    expect(g).toMatchObject({ status: 'failed', error: { code: 'interrupted' } });
    expect(g.meta.costUsd).toBe(0.42);
  });
});
