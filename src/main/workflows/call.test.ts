import { describe, expect, it } from 'vitest';
import type { SendPrompt, SendPromptRequest } from '../llm/promptTypes';
import { callWorkflow, requestFor } from './call';
import { WORKFLOWS } from './registry';
import { runWorkflow } from './run';
import type { CallHistory } from './types';

const project = { description: '', conventions: '' };

function answering(data: unknown, warnings: string[] = []) {
  const calls: SendPromptRequest[] = [];
  const sendPrompt = (async (req: SendPromptRequest) => {
    calls.push(req);
    return { data, source: 'structured_output', warnings, meta: {} };
  }) as unknown as SendPrompt;
  return { sendPrompt, calls };
}

describe('requestFor', () => {
  const grounding = {
    root: '/work/app',
    allow: ['.env.example'],
    promptSection: '## The project is open for reading',
  };

  it('grounds a workflow about code: the project travels to sendPrompt, the section ends the prompt', () => {
    const req = requestFor(WORKFLOWS.generatePlan, { stories: [], questions: null, project }, { grounding });
    expect(req.grounding).toEqual({ root: '/work/app', allow: ['.env.example'] });
    expect(req.prompt.endsWith('\n\n## The project is open for reading')).toBe(true);
    expect(req).not.toHaveProperty('grounding.promptSection');
  });

  it('keeps a title hermetic even when the caller offers the project', () => {
    const req = requestFor(WORKFLOWS.generateTitle, { text: 't' }, { grounding });
    expect(req).not.toHaveProperty('grounding');
    expect(req.prompt).not.toContain('open for reading');
  });

  it("takes the definition's name, schema, turns and timeout, and its preview watches only with a preview", () => {
    const input = { request: 'Share recipes', project };
    const plain = requestFor(WORKFLOWS.deriveStories, input);
    expect(plain).toMatchObject({
      workflow: 'deriveStories',
      schema: 'stories',
      maxTurns: 3,
      timeoutMs: 300_000,
    });
    expect(plain.prompt).toContain('Share recipes');
    expect(plain).not.toHaveProperty('previewWatch');
    expect(plain).not.toHaveProperty('model');
    const preview = () => undefined;
    expect(requestFor(WORKFLOWS.deriveStories, input, { preview })).toMatchObject({
      preview,
      previewWatch: [['stories']],
    });
  });

  it('lets the call override the model, timeout and turns; a schema object travels with its envelope', () => {
    const title = requestFor(WORKFLOWS.generateTitle, { text: 't' });
    // The definition names a tier, which each provider maps to its own model: never a model of one engine.
    expect(title).toMatchObject({ tier: 'fast', timeoutMs: 45_000, maxTurns: 2 });
    expect(title).not.toHaveProperty('model');
    const own = requestFor(
      WORKFLOWS.generateTitle,
      { text: 't' },
      { model: 'opus', timeoutMs: 5, maxTurns: 9 },
    );
    expect(own).toMatchObject({ model: 'opus', timeoutMs: 5, maxTurns: 9 });
    expect(own).not.toHaveProperty('tier');
    const plain = requestFor(WORKFLOWS.plainPrompt, { request: 'q', project });
    expect(plain).toMatchObject({ envelope: 'markdown', schema: { required: ['markdown'] } });
  });

  it("takes `puffin prompt`'s schema and envelope from its input, and names what a call is about", () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    const cli = requestFor(WORKFLOWS['cli-prompt'], { prompt: 'p', schema, envelope: 'a' });
    expect(cli).toMatchObject({ workflow: 'cli-prompt', prompt: 'p', schema, envelope: 'a' });
    expect(requestFor(WORKFLOWS['cli-prompt'], { prompt: 'p', schema })).not.toHaveProperty('envelope');
    const story = { id: 's1', title: 'Share', description: 'd', acceptanceCriteria: ['c'] };
    const ris = requestFor(WORKFLOWS.generateStoryAssertions, {
      story: { ...story, status: 'pending', createdAt: 'x', updatedAt: 'x' },
      item: undefined,
      project,
    });
    expect(ris.subject).toBe('Share');
  });
});

describe('callWorkflow', () => {
  it("maps the answer to the domain and adds the mapping's warnings after the call's own", async () => {
    const drafts = [1, 2].map((n) => ({
      id: 'x',
      type: 'FILE_EXISTS',
      target: `f${n}`,
      message: 'm',
      criterion: 'AC1',
      assertion: {},
    }));
    const { sendPrompt } = answering({ assertions: drafts }, ['found via tool_use']);
    const story = { id: 's1', title: 'S', description: 'd', acceptanceCriteria: ['c'] };
    const input = {
      story: { ...story, status: 'pending' as const, createdAt: 'x', updatedAt: 'x' },
      item: undefined,
      project,
    };
    // A recorded workflow: the history here keeps nothing and makes the call as asked.
    const history: CallHistory = { record: (call, send) => send(call.request) };
    const r = await callWorkflow({ sendPrompt, history }, WORKFLOWS.generateStoryAssertions, input);
    expect(r.data.map((a) => a.id)).toEqual(['A1', 'A2']);
    expect(r.warnings).toEqual([
      'found via tool_use',
      'The model wrote only 2 assertion(s); 3 were asked for.',
    ]);
  });

  it('runWorkflow finds the definition by name', async () => {
    const { sendPrompt, calls } = answering('Recipe Links');
    const r = await runWorkflow({ sendPrompt }, 'generateTitle', { text: 'share recipes' });
    expect(r.data).toBe('Recipe Links');
    expect(calls[0]).toMatchObject({ workflow: 'generateTitle', schema: 'title' });
  });
});
