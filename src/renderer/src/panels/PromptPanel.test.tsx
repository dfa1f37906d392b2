import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { IpcError } from '../../../shared/ipc/errors';
import type { Generation, GenerationProgress } from '../../../shared/stories';
import { deferred, generation } from '../../../../test/support/renderer/fakeClient';
import { renderWith, setupStore } from '../../../../test/support/renderer/setup';
import { PromptPanel } from './PromptPanel';

afterEach(cleanup);

const draft = (n: number) => ({ title: `Story ${n}`, description: `D${n}`, acceptanceCriteria: [`C${n}`] });

function start() {
  const setup = setupStore();
  const pending = deferred<Generation>();
  setup.client.handle('generation:derive', () => pending.promise);
  setup.client.handle('generation:cancel', () => ({ cancelled: true }));
  renderWith(<PromptPanel />, setup);
  return { ...setup, pending };
}

function type(text: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Feature request' }), { target: { value: text } });
}

describe('PromptPanel', () => {
  it('is disabled with a hint when no project is open', () => {
    const setup = setupStore({ project: false });
    renderWith(<PromptPanel />, setup);
    expect(screen.getByRole('textbox', { name: 'Feature request' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Generate' })).toHaveProperty('disabled', true);
    expect(screen.getByText(/Open a project first/)).toBeTruthy();
  });

  it('submits the request with the checkbox and model, then offers Cancel', async () => {
    const { client } = start();
    expect(screen.getByRole('checkbox', { name: 'Derive user stories' })).toHaveProperty('checked', true);
    expect(screen.getByRole('button', { name: 'Generate' })).toHaveProperty('disabled', true);
    type('  Export the backlog as CSV  ');
    fireEvent.change(screen.getByRole('combobox', { name: 'Model' }), { target: { value: 'haiku' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const [req] = client.callsTo('generation:derive');
    expect(req).toMatchObject({ prompt: 'Export the backlog as CSV', deriveStories: true, model: 'haiku' });
    expect(req?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByRole('button', { name: 'Generate' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(client.callsTo('generation:cancel')).toEqual([{ id: req?.id }]);
  });

  it('submits with Ctrl+Enter, a plain prompt without a model, and renders the markdown answer', async () => {
    const { client, pending } = start();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Derive user stories' }));
    type('Explain the store');
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Feature request' }), {
      key: 'Enter',
      ctrlKey: true,
    });
    const [req] = client.callsTo('generation:derive');
    expect(req).toMatchObject({ deriveStories: false });
    expect(req && 'model' in req).toBe(false);
    await act(async () => {
      pending.resolve(
        generation({ id: req!.id, kind: 'prompt', markdown: '# Store\n\n<b>raw</b> **bold**' }),
      );
    });
    const answer = screen.getByRole('document', { name: 'Answer' });
    expect(within(answer).getByRole('heading', { name: 'Store' })).toBeTruthy();
    expect(answer.querySelector('strong')?.textContent).toBe('bold');
    expect(answer.querySelector('b')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('shows stories arriving through progress events of the running generation only', async () => {
    const { client } = start();
    type('Export');
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Feature request' }), {
      key: 'Enter',
      metaKey: true,
    });
    const id = client.callsTo('generation:derive')[0]!.id;
    const progress = (p: Partial<GenerationProgress>): GenerationProgress => ({
      id,
      phase: 'running',
      elapsedMs: 3000,
      stories: [],
      costUsd: null,
      ...p,
    });
    act(() => client.emit('generation:progress', progress({ stories: [draft(1)] })));
    expect(screen.getByTestId('progress-status').textContent).toContain('1 story so far');
    act(() => client.emit('generation:progress', progress({ id: 'other', stories: [draft(7), draft(8)] })));
    expect(screen.queryByText('Story 7')).toBeNull();
    act(() =>
      client.emit('generation:progress', progress({ stories: [draft(1), draft(2)], costUsd: 0.0042 })),
    );
    const list = screen.getByRole('list', { name: 'Stories so far' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .filter((li) => li.querySelector('strong')),
    ).toHaveLength(2);
    const status = screen.getByTestId('progress-status').textContent;
    expect(status).toContain('2 stories so far');
    expect(status).toContain('$0.0042');
    act(() =>
      client.emit('generation:progress', progress({ phase: 'retrying', retryInSeconds: 5, stories: [] })),
    );
    expect(screen.getByTestId('progress-status').textContent).toContain('retrying in 5 s');
    expect(screen.getByLabelText('Elapsed time').textContent).toMatch(/^0:0\d$/);
  });

  it('keeps the stories complete at cancel time and opens them for review', async () => {
    const { client, pending } = start();
    type('Export');
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const id = client.callsTo('generation:derive')[0]!.id;
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    await act(async () => {
      pending.resolve(
        generation({
          id,
          status: 'cancelled',
          stories: [
            { ...draft(1), locked: false },
            { ...draft(2), locked: false },
          ],
        }),
      );
    });
    expect(screen.getByText(/The generation was cancelled/)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Story 2 title' })).toHaveProperty('value', 'Story 2');
  });

  it('explains a missing CLI with the install command and the Settings path', async () => {
    const { client, store } = start();
    client.handle('generation:derive', () => {
      throw new IpcError({ code: 'cli_not_found', message: 'Claude Code CLI not found.' });
    });
    type('Export');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Generate' })));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Claude Code CLI not found.');
    expect(within(alert).getByText('npm install -g @anthropic-ai/claude-code')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('link', { name: 'Open Settings' }));
    expect(store.getState().view).toBe('settings');
  });

  it('shows validation errors and raw output of a failed generation and retries it', async () => {
    const { client } = start();
    const failed = (id: string) =>
      generation({
        id,
        status: 'failed',
        error: {
          code: 'validation_failed',
          message: "Claude's answer did not match the expected format.",
          details: {
            validationErrors: ['/stories/0/title: must be string'],
            rawLines: ['{"type":"result"}'],
          },
        },
      });
    client.handle('generation:derive', (req) => failed(req.id));
    type('Export');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Generate' })));
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('list', { name: 'Validation errors' }).textContent).toContain(
      'must be string',
    );
    expect(alert.textContent).toContain('{"type":"result"}');
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Retry' })));
    const calls = client.callsTo('generation:derive');
    expect(calls).toHaveLength(2);
    expect(calls[1]!.prompt).toBe('Export');
    expect(calls[1]!.id).not.toBe(calls[0]!.id);
  });

  it('tells how to log in when the CLI is not logged in', async () => {
    const { client } = start();
    client.handle('generation:derive', (req) =>
      generation({
        id: req.id,
        status: 'failed',
        error: { code: 'not_logged_in', message: 'Not logged in.' },
      }),
    );
    type('Export');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Generate' })));
    expect(screen.getByRole('alert').textContent).toContain('Run `claude` in a terminal, then /login');
  });
});
