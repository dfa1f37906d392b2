import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GenerationProgress } from '../../shared/stories';
import type { GroundingCall } from '../llm/grounding/callGrounding';
import { PromptError } from '../llm/errors';
import type { SendPrompt, SendPromptRequest } from '../llm/promptTypes';
import { memoryLogger } from '../../../test/support/memoryLogger';
import { openProjectStore, type ProjectStore } from '../store/projectStore';
import { GenerationService } from './generationService';

let dir: string;
let store: ProjectStore;
let progress: GenerationProgress[];
let asked: GroundingCall[];
let calls: SendPromptRequest[];
/** What the grounding stub does with the call it is lent, before it answers. */
let ground: (call: GroundingCall) => Promise<void>;
let service: GenerationService;

const meta = { cliVersion: '2.1.330', costUsd: 0.1, turns: 2, durationMs: 5, sessionId: 's', model: 'm' };

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'puffin-generation-grounding-'));
  const { logger } = memoryLogger();
  store = (await openProjectStore(join(dir, '.puffin'), logger)).store;
  progress = [];
  asked = [];
  calls = [];
  const sendPrompt = (async (req: SendPromptRequest) => {
    calls.push(req);
    // As sendPrompt does with a call whose signal aborted before it started.
    if (req.signal?.aborted) throw new PromptError('cancelled');
    return { data: 'an answer', source: 'structured_output', warnings: [], meta };
  }) as unknown as SendPrompt;
  service = new GenerationService({
    sendPrompt,
    project: () => ({ store, path: dir }),
    onProgress: (p) => progress.push(p),
    onChanged: () => undefined,
    logger,
    grounding: async (root, _settings, call = {}) => {
      asked.push(call);
      await ground(call);
      return { root, promptSection: '## The project is open for reading' };
    },
  });
});
afterEach(async () => {
  service.cancelAll();
  await service.idle();
  await rm(dir, { recursive: true, force: true });
});

describe('a generation while its project map builds', () => {
  it('says what the map build is doing in its progress, before the engine starts', async () => {
    ground = async (call) => call.onProgress?.('Mapping the project: 16 of 500 changed files read');
    await service.derive({ id: 'g1', prompt: 'a question', deriveStories: false });
    const mapping = progress.find((p) => p.message?.startsWith('Mapping the project'));
    expect(mapping).toMatchObject({ id: 'g1', phase: 'queued', stories: [] });
    expect(progress.indexOf(mapping!)).toBeLessThan(progress.findIndex((p) => p.phase === 'finished'));
  });

  it("lends the build the generation's cancel: cancelling stops the build it is waiting for", async () => {
    ground = (call) =>
      new Promise((resolve) => call.signal?.addEventListener('abort', () => resolve(), { once: true }));
    const running = service.derive({ id: 'g2', prompt: 'a question', deriveStories: false });
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]!.signal?.aborted).toBe(false);
    service.cancel('g2');
    expect((await running).status).toBe('cancelled');
    expect(asked[0]!.signal?.aborted).toBe(true);
  });
});
