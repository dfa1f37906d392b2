// What the main side derives from a workflow's action: a handler per action that runs the workflow with the
// request as input and answers its value with the call's source, warnings and meta; and every real action is in
// the contract and in the root's handler table.
import { describe, expect, it, vi } from 'vitest';
import { requestSchemas } from '../../shared/ipc/contract';
import { WORKFLOW_ACTIONS } from '../../shared/ipc/workflowChannels';
import { EMPTY_META } from '../../shared/stories';
import { FAKE_ACTION, FAKE_WORKFLOWS } from '../../../test/support/fakeWorkflowAction';
import { actionSchemas, workflowActions } from '../../shared/workflowActions';
import { WORKFLOW_INFO, WORKFLOW_NAMES } from '../../shared/workflows';
import type { SendPromptResult } from '../llm/promptTypes';
import { actionHandlers } from './workflowHandlers';

const answer: SendPromptResult<unknown> = {
  data: ['ui', 'export'],
  source: 'structured_output',
  warnings: ['w'],
  meta: { ...EMPTY_META, cliVersion: '2.1.0', costUsd: 0.01, turns: 2, durationMs: 5, sessionId: 's' },
} as SendPromptResult<unknown>;

describe('a fake workflow action', () => {
  const actions = workflowActions(FAKE_WORKFLOWS);

  it('is found in its table, with the workflow it runs', () => {
    expect(actions).toEqual([{ ...FAKE_ACTION, workflow: 'tagNote' }]);
    expect(actionSchemas(actions)).toEqual({ 'notes:tag': FAKE_ACTION.input });
  });

  it('gets a handler that runs its workflow on the request and answers in the one-object shape', async () => {
    const run = vi.fn(() => Promise.resolve(answer));
    const handlers = actionHandlers(actions, run);
    expect(Object.keys(handlers)).toEqual(['notes:tag']);
    const request = { text: 'a note', storyId: 's1' };
    await expect(handlers['notes:tag']!(request, { face: 'test' })).resolves.toEqual({
      data: ['ui', 'export'],
      source: 'structured_output',
      warnings: ['w'],
      meta: { cliVersion: '2.1.0', costUsd: 0.01, turns: 2, durationMs: 5, sessionId: 's' },
    });
    expect(run).toHaveBeenCalledWith('tagNote', request);
  });
});

describe('the real workflow actions', () => {
  it('are those WORKFLOW_INFO declares', () => {
    expect(WORKFLOW_ACTIONS.map((a) => a.workflow)).toEqual(
      WORKFLOW_NAMES.filter((n) => 'action' in WORKFLOW_INFO[n]),
    );
  });

  it('each have their contract channel, with the action’s request schema', () => {
    for (const a of WORKFLOW_ACTIONS)
      expect((requestSchemas as Record<string, unknown>)[a.channel]).toBe(a.input);
  });
});
