import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Generation } from '../../shared/stories';
import type { WorkflowName } from '../../shared/workflows';
import { PromptError } from '../llm/errors';
import type { SendPrompt, SendPromptRequest } from '../llm/promptTypes';
import { memoryLogger } from '../../../test/support/memorySpawner';
import { openProjectStore, type ProjectStore } from '../store/projectStore';
import { GenerationService } from './generationService';

type Answer = (req: SendPromptRequest) => Promise<unknown>;

let dir: string;
let store: ProjectStore;
let calls: SendPromptRequest[];
let answers: Partial<Record<WorkflowName, Answer>>;
let changed: Generation[];
let service: GenerationService;

const meta = { cliVersion: '2.1.330', costUsd: 0.1, turns: 2, durationMs: 5, sessionId: 's', model: 'm' };
const story = { title: 'Share', description: 'As a cook, I want x so that y', acceptanceCriteria: ['ok'] };
/** Settles when the call's signal aborts, the way sendPrompt does. */
const untilAborted = (req: SendPromptRequest) =>
  new Promise<never>((_, reject) =>
    req.signal?.addEventListener('abort', () => reject(new PromptError('cancelled'))),
  );

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'puffin-generation-'));
  const { logger } = memoryLogger();
  store = (await openProjectStore(join(dir, '.puffin'), logger)).store;
  calls = [];
  changed = [];
  answers = { generateTitle: async () => 'Recipe Sharing' };
  const sendPrompt = (async (req: SendPromptRequest) => {
    calls.push(req);
    const answer = answers[req.workflow];
    if (!answer) throw new Error(`no answer for ${req.workflow}`);
    return { data: await answer(req), source: 'structured_output', warnings: [], meta };
  }) as unknown as SendPrompt;
  service = new GenerationService({
    sendPrompt,
    project: () => ({ store, path: dir }),
    onProgress: () => undefined,
    onChanged: (g) => changed.push(g),
    logger,
  });
});
afterEach(async () => {
  service.cancelAll();
  await service.idle();
  await rm(dir, { recursive: true, force: true });
});

const derive = (id: string) => service.derive({ id, prompt: 'share recipes by link', deriveStories: true });
const titleCalls = () => calls.filter((c) => c.workflow === 'generateTitle');

describe('GenerationService', () => {
  it('stores the generation running, then final with its stories; the generated title follows', async () => {
    answers.deriveStories = async () => [story];
    const g = await derive('g1');
    expect(g).toMatchObject({ status: 'succeeded', kind: 'derive', stories: [{ ...story, locked: false }] });
    await service.idle();
    expect(changed.map((c) => c.status)).toEqual(['running', 'succeeded', 'succeeded']);
    expect((await store.history.get('g1'))?.title).toBe('Recipe Sharing');
    await expect(derive('g1')).rejects.toMatchObject({ code: 'duplicate_id' });
  });

  it('starts no title call after the user cancelled: it would cost a call and hold a gate slot', async () => {
    answers.deriveStories = untilAborted;
    const running = derive('g2');
    await expect.poll(() => calls.length).toBe(1);
    expect(service.cancel('g2')).toEqual({ cancelled: true });
    expect(await running).toMatchObject({ status: 'cancelled' });
    await service.idle();
    expect(titleCalls()).toEqual([]);
    expect((await store.history.get('g2'))?.title).toBe('Share recipes by link');
  });

  it('starts no title call after a timeout either, but still titles other failures', async () => {
    answers.deriveStories = async () => {
      throw new PromptError('timeout');
    };
    expect(await derive('g3')).toMatchObject({ status: 'failed', error: { code: 'timeout' } });
    await service.idle();
    expect(titleCalls()).toEqual([]);
    answers.deriveStories = async () => {
      throw new PromptError('api_error');
    };
    await derive('g4');
    await service.idle();
    expect(titleCalls()).toHaveLength(1);
  });

  it('quitting aborts a title call in flight and starts no new one', async () => {
    answers.deriveStories = async () => [story];
    answers.generateTitle = untilAborted;
    await derive('g5');
    await expect.poll(() => titleCalls().length).toBe(1);
    service.cancelAll();
    await service.idle();
    expect(titleCalls()[0]!.signal?.aborted).toBe(true);
    await derive('g6');
    await service.idle();
    expect(titleCalls()).toHaveLength(1);
  });
});
