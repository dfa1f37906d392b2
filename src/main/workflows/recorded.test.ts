// A workflow that declares a history kind is recorded by runWorkflow's call itself, whoever calls it: a definition
// the registry has never seen is handed to the history once, one without a kind never, and one with a kind but
// no history is refused rather than silently left out of History.
import { describe, expect, it } from 'vitest';
import type { WorkflowName } from '../../shared/workflows';
import type { SendPrompt, SendPromptRequest, SendPromptResult } from '../llm/promptTypes';
import { callWorkflow } from './call';
import type { WorkflowDefinition } from './definition';
import type { CallHistory, RecordedCall } from './types';

/** A workflow no service knows: only its declaration says its calls are kept. */
function scratchWorkflow(
  historyKind: 'prompt' | null,
): WorkflowDefinition<{ q: string }, { a: string }, string> {
  return {
    // A name outside the registry on purpose: recording must not depend on who knows the workflow.
    name: 'scratchEcho' as WorkflowName,
    label: 'Scratch echo',
    historyKind,
    schema: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
    envelope: undefined,
    grounded: false,
    limits: { maxTurns: 2, timeoutMs: 1_000 },
    previewWatch: [],
    prompt: ({ q }) => `Echo ${q}`,
    subject: ({ q }) => q,
    map: (data) => ({ data: data.a.toUpperCase(), warnings: ['mapped'] }),
  };
}

function fakes() {
  const sent: SendPromptRequest[] = [];
  const sendPrompt = (async (req: SendPromptRequest) => {
    sent.push(req);
    return { data: { a: 'hi' }, source: 'structured_output', warnings: [], meta: {} };
  }) as unknown as SendPrompt;
  const recorded: { call: RecordedCall; result: SendPromptResult<unknown> }[] = [];
  const history: CallHistory = {
    async record(call, send) {
      const result = await send({ ...call.request, maxBudgetUsd: 1 });
      recorded.push({ call, result });
      return result;
    },
  };
  return { sendPrompt, sent, history, recorded };
}

describe('a workflow records itself', () => {
  it('hands a call of a workflow with a kind to the history once, with its request and its mapped answer', async () => {
    const f = fakes();
    const r = await callWorkflow(f, scratchWorkflow('prompt'), { q: 'x' });
    expect(r.data).toBe('HI');
    expect(f.recorded).toHaveLength(1);
    expect(f.recorded[0]!.call).toMatchObject({
      kind: 'prompt',
      request: { workflow: 'scratchEcho', prompt: 'Echo x', subject: 'x' },
    });
    // What the history gets is the answer after mapping, the call it made is the request it completed.
    expect(f.recorded[0]!.result).toMatchObject({ data: 'HI', warnings: ['mapped'] });
    expect(f.sent).toHaveLength(1);
    expect(f.sent[0]!.maxBudgetUsd).toBe(1);
  });

  it('calls a workflow without a kind straight through, history or not', async () => {
    const f = fakes();
    expect((await callWorkflow(f, scratchWorkflow(null), { q: 'y' })).data).toBe('HI');
    expect((await callWorkflow({ sendPrompt: f.sendPrompt }, scratchWorkflow(null), { q: 'y' })).data).toBe(
      'HI',
    );
    expect(f.recorded).toEqual([]);
    expect(f.sent).toHaveLength(2);
  });

  it('refuses a workflow with a kind run without a history, before calling the model', async () => {
    const f = fakes();
    await expect(
      callWorkflow({ sendPrompt: f.sendPrompt }, scratchWorkflow('prompt'), { q: 'z' }),
    ).rejects.toThrow(/keeps its calls in History but was given none/);
    expect(f.sent).toEqual([]);
  });
});
