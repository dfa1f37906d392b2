import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallActivity } from '../../../shared/activity';
import type { Generation } from '../../../shared/stories';
import { deferred } from '../../../../test/support/renderer/fakeClient';
import { listed, renderWith, setupStore } from '../../../../test/support/renderer/setup';
import { detail, openSprintStore } from '../../../../test/support/renderer/sprintFixtures';
import { ActivityPanel } from './ActivityPanel';
import { PromptPanel } from './PromptPanel';
import { SprintsPanel } from './SprintsPanel';

afterEach(cleanup);

const activity = (callId: string, patch: Partial<CallActivity> = {}): CallActivity => ({
  callId,
  label: 'Share recipes',
  phase: 'running',
  turn: 2,
  toolCalls: 1,
  lastTool: 'Read src/recipes.ts',
  retry: null,
  tokensIn: 1500,
  tokensOut: 60,
  costUsd: null,
  startedAt: new Date().toISOString(),
  elapsedMs: 3000,
  ...patch,
});

describe('live activity', () => {
  it('the prompt panel shows what the running call does, and the Activity panel its raw lines as they arrive', async () => {
    const setup = setupStore();
    const pending = deferred<Generation>();
    setup.client.handle('generation:derive', () => pending.promise);
    renderWith(
      <>
        <PromptPanel />
        <ActivityPanel />
      </>,
      setup,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Feature request' }), {
      target: { value: 'Share recipes' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const id = setup.client.callsTo('generation:derive')[0]!.id;
    expect(screen.queryByLabelText('Live engine lines')).toBeNull();

    act(() =>
      setup.client.emit('call:activity', {
        activity: activity(id),
        lines: ['{"type":"system","subtype":"init"}', '{"type":"assistant"}'],
        skippedLines: 0,
      }),
    );
    expect(screen.getByLabelText('Activity of Share recipes').textContent).toMatch(
      /^turn 2 · 1 tool call \(last: Read src\/recipes\.ts\) · 1,500 tokens in, 60 out · \d+ s$/,
    );
    expect(listed('Live engine lines')).toEqual([
      'Share recipes {"type":"system","subtype":"init"}',
      'Share recipes {"type":"assistant"}',
    ]);

    // A retry says how long it waits; another call's event does not touch this one.
    act(() => {
      setup.client.emit('call:activity', {
        activity: activity(id, { phase: 'retrying', retry: { delayMs: 8000, message: 'Overloaded.' } }),
        lines: [],
        skippedLines: 3,
      });
      setup.client.emit('call:activity', {
        activity: activity('other', { turn: 9 }),
        lines: [],
        skippedLines: 0,
      });
    });
    expect(screen.getByLabelText('Activity of Share recipes').textContent).toMatch(
      /^retrying in 8 s: Overloaded\. · turn 2/,
    );
    expect(screen.getByText(/3 not shown while streaming/)).toBeTruthy();
  });

  it('a plan step shows each running call of its sprint, and drops it when it ends', async () => {
    const setup = await openSprintStore(detail());
    renderWith(<SprintsPanel />, setup);
    const sprintId = setup.store.getState().sprintId!;
    const call = activity('c1', { sprintId, label: 'CSV export sprint · Story 1' });
    act(() => setup.client.emit('call:activity', { activity: call, lines: [], skippedLines: 0 }));
    const running = screen.getByRole('region', { name: 'Running calls' });
    expect(running.textContent).toContain('CSV export sprint · Story 1: turn 2');
    act(() =>
      setup.client.emit('call:activity', {
        activity: { ...call, phase: 'finished' },
        lines: [],
        skippedLines: 0,
      }),
    );
    expect(screen.queryByRole('region', { name: 'Running calls' })).toBeNull();
  });

  it('shows a log line’s context, so a fallback warning names the CLI version and the reason', () => {
    const setup = setupStore();
    renderWith(<ActivityPanel />, setup);
    act(() =>
      setup.store.getState().appendLine({
        seq: 1,
        time: '2026-11-24T05:00:00.000Z',
        level: 'warn',
        scope: 'llm',
        message: 'DEPRECATED legacy text extraction used for workflow "deriveStories"',
        context: {
          workflow: 'deriveStories',
          cliVersion: '2.1.186',
          why: 'no StructuredOutput call',
          sessionId: null,
        },
      }),
    );
    expect(screen.getByRole('list', { name: 'Activity lines' }).textContent).toContain(
      'workflow deriveStories · cliVersion 2.1.186 · why no StructuredOutput call',
    );
  });
});
