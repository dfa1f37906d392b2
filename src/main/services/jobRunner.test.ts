import { describe, expect, it } from 'vitest';
import type { CallActivityEvent } from '../../shared/activity';
import { EMPTY_META, type Generation } from '../../shared/stories';
import { PromptError } from '../llm/errors';
import type { SendPromptResult } from '../llm/promptTypes';
import { memoryLogger } from '../../../test/support/memorySpawner';
import type { ProjectStore } from '../store/projectStore';
import { JobRunner } from './jobRunner';
import type { LineText } from '../llm/rawLineRun';
import { textLines } from '../../../test/support/lineText';

const now = () => new Date('2025-01-01T00:00:00Z');

function setup(failPuts = 0) {
  const { logger, lines } = memoryLogger();
  const changed: Generation[] = [];
  const stored: Generation[] = [];
  const raw: Record<string, readonly string[]> = {};
  let failing = failPuts;
  const store = {
    history: {
      put: async (g: Generation) => {
        if (failing-- > 0) throw new Error('disk full');
        stored.push(g);
        return g;
      },
      // History's raw-line file, in memory: what was written as it came, then the rest at finish().
      openRawText: (id: string) => {
        const text: LineText = [];
        return {
          write: (t: LineText) => text.push(...t),
          finish: async (last: LineText = []) => void (raw[id] = textLines([...text, ...last])),
        };
      },
    },
  } as unknown as ProjectStore;
  const jobs = new JobRunner({ logger, now, onChanged: (g) => changed.push(g) });
  return { jobs, store, changed, stored, raw, lines };
}

const record: Generation = {
  id: 'r1',
  kind: 'plan-generate',
  title: 'T',
  prompt: 'p',
  status: 'running',
  createdAt: now().toISOString(),
  warnings: [],
  meta: { ...EMPTY_META },
};
const result: SendPromptResult<string> = {
  data: 'x',
  source: 'tool_use',
  warnings: ['via tool_use'],
  meta: { cliVersion: '2', costUsd: 0.5, turns: 2, durationMs: 9, sessionId: 's', model: 'm' },
};
const line = '{"type":"system","subtype":"init"}';

describe('JobRunner', () => {
  it('runs one job per key: a second is refused while the first runs; cancel aborts it by key', async () => {
    const { jobs } = setup();
    const run = <T>(key: string, job: (signal: AbortSignal) => Promise<T>) =>
      jobs.run(key, () => new Error(`busy ${key}`), job);
    let seen: AbortSignal | undefined;
    const first = run('a', (signal) => {
      seen = signal;
      return new Promise<string>((resolve) => signal.addEventListener('abort', () => resolve('stopped')));
    });
    await expect(run('a', async () => 'again')).rejects.toThrow('busy a');
    await expect(run('b', async () => 'other key')).resolves.toBe('other key');
    expect(jobs.cancel('a')).toEqual({ cancelled: true });
    expect(await first).toBe('stopped');
    expect(seen?.aborted).toBe(true);
    expect(jobs.cancel('a')).toEqual({ cancelled: false });
    await expect(run('a', async () => 'free again')).resolves.toBe('free again');
  });

  it('cancelAll aborts jobs and background work, starts no more background work; idle waits for all', async () => {
    const { jobs, lines } = setup();
    const job = jobs.run(
      'a',
      () => new Error('busy'),
      (signal) => new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve())),
    );
    let background: AbortSignal | undefined;
    jobs.inBackground(async (signal) => {
      background = signal;
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
      throw new Error('stopped late');
    });
    jobs.cancelAll();
    await jobs.idle();
    await job;
    expect(background?.aborted).toBe(true);
    expect(lines.some((l) => l.level === 'error' && l.message.includes('stopped late'))).toBe(true);
    let started = false;
    jobs.inBackground(async () => void (started = true));
    expect(started).toBe(false);
    expect(jobs.closing).toBe(true);
  });
});

describe('JobRunner.record', () => {
  it('stores the record running, then final with the outcome and the raw lines, pushing each state', async () => {
    const { jobs, store, changed, stored, raw } = setup();
    const r = await jobs.record(store, record, async ({ onEngineEvent }) => {
      onEngineEvent({ type: 'raw', line });
      return result;
    });
    expect(r.ok).toBe(true);
    expect(stored.map((g) => g.status)).toEqual(['running', 'succeeded']);
    expect(changed).toEqual(stored);
    expect(stored[1]).toMatchObject({
      source: 'tool_use',
      warnings: ['via tool_use'],
      meta: { costUsd: 0.5, turns: 2 },
      finishedAt: now().toISOString(),
    });
    expect(raw.r1).toEqual([line]);
  });

  it('raw lines that cannot be stored are logged, and the record still ends final (never left running)', async () => {
    const { jobs, store, stored, lines } = setup();
    const history = store.history as unknown as Record<string, unknown>;
    history.openRawText = () => ({
      write: () => {},
      finish: async () => {
        throw new Error('disk full (raw lines)');
      },
    });
    const r = await jobs.record(store, record, async ({ onEngineEvent }) => {
      onEngineEvent({ type: 'raw', line });
      return result;
    });
    expect(r.ok).toBe(true);
    expect(stored.map((g) => g.status)).toEqual(['running', 'succeeded']);
    expect(
      lines.some((l) => l.level === 'error' && l.message.includes('raw lines of plan-generate r1')),
    ).toBe(true);
  });

  it('a failed call is recorded failed (cancelled when cancelled) and handed back, not thrown', async () => {
    const { jobs, store, stored } = setup();
    const r = await jobs.record(store, record, async () => {
      throw new PromptError('cancelled');
    });
    expect(r).toMatchObject({ ok: false, record: { status: 'cancelled', error: { code: 'cancelled' } } });
    expect(stored.at(-1)?.status).toBe('cancelled');
  });

  it('a record that cannot be stored is logged and the call goes on, unless the record is required', async () => {
    const lenient = setup(1);
    let called = 0;
    const call = async () => (called++, result);
    expect((await lenient.jobs.record(lenient.store, record, call)).ok).toBe(true);
    expect(lenient.lines.some((l) => l.level === 'error' && l.message.includes('disk full'))).toBe(true);
    const strict = setup(1);
    const r = await strict.jobs.record(strict.store, record, call, { required: true });
    expect(r).toMatchObject({ ok: false, record: { status: 'failed' } });
    expect(called).toBe(1);
  });

  it('follows the call live from neutral events alone (any engine), its totals from the final meta', async () => {
    const { store } = setup();
    const { logger } = memoryLogger();
    const seen: CallActivityEvent[] = [];
    const jobs = new JobRunner({ logger, now, onChanged: () => {}, onActivity: (e) => seen.push(e) });
    const withSprint = { ...record, sprintId: 'sp1', title: 'Sprint · A' };
    const r = await jobs.record(store, withSprint, async ({ onEngineEvent, onRetry }) => {
      onEngineEvent({ type: 'phase', phase: 'streaming' });
      onEngineEvent({ type: 'raw', line: 'data: {"choices":[]}' });
      onRetry({ code: 'overloaded', attempt: 1, delayMs: 2000, message: 'Overloaded.' });
      onEngineEvent({ type: 'phase', phase: 'streaming' });
      return { ...result, meta: { ...result.meta, tokensIn: 900, tokensOut: 70 } };
    });
    expect(r.ok).toBe(true);
    expect(seen.map((e) => e.activity.phase)).toEqual([
      'waiting',
      'running',
      'retrying',
      'running',
      'finished',
    ]);
    expect(seen[2]!.activity.retry).toEqual({ delayMs: 2000, message: 'Overloaded.' });
    expect(seen.at(-1)!.activity).toMatchObject({
      callId: 'r1',
      label: 'Sprint · A',
      sprintId: 'sp1',
      tokensIn: 900,
      tokensOut: 70,
      costUsd: 0.5,
    });
    expect(seen.flatMap((e) => e.lines)).toEqual(['data: {"choices":[]}']);
  });
});

describe('JobRunner once closing', () => {
  it('starts a job that arrives after cancelAll with its signal already aborted, so it never runs a call', async () => {
    const { jobs } = setup();
    jobs.cancelAll();
    const aborted = await jobs.run(
      'late',
      () => new Error('busy'),
      async (signal) => signal.aborted,
    );
    expect(aborted).toBe(true);
  });
});
