import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { generation } from '../../../../test/support/renderer/fakeClient';
import { renderWith, setupStore } from '../../../../test/support/renderer/setup';
import { ActivityPanel } from './ActivityPanel';
import { HistoryPanel } from './HistoryPanel';

afterEach(cleanup);

async function show() {
  const setup = setupStore();
  setup.client.handle('history:list', () => [
    generation({
      id: 'g2',
      title: 'Plain question',
      kind: 'prompt',
      source: 'legacy_text',
      warnings: ['Legacy text extraction used'],
    }),
    generation({
      id: 'g1',
      status: 'failed',
      error: { code: 'timeout', message: 'Took too long' },
      grounding: {
        filesRead: ['src/export.ts', 'package.json'],
        searches: [{ tool: 'Grep', pattern: 'toCsv', matches: 2 }],
        refused: [],
        violations: [],
        toolTurns: 2,
        toolCalls: 3,
      },
    }),
  ]);
  setup.client.handle('history:rawLines', () => ['{"type":"system"}', '{"type":"result"}']);
  await act(async () => {
    renderWith(
      <>
        <HistoryPanel />
        <ActivityPanel />
      </>,
      setup,
    );
    await setup.store.getState().loadHistory();
  });
  return setup;
}

describe('HistoryPanel', () => {
  it('lists generations with their metadata, source and warnings', async () => {
    await show();
    const entries = within(screen.getByRole('list', { name: 'Generations' })).getAllByRole('listitem', {
      name: /./,
    });
    expect(entries.map((e) => e.querySelector('h3')?.textContent)).toEqual([
      'Plain question',
      'Export to CSV',
    ]);
    const first = entries[0]!;
    expect(first.textContent).toContain('Plain prompt');
    expect(first.textContent).toContain('legacy_text');
    expect(first.textContent).toContain('claude-cli 2.1.330');
    expect(first.textContent).toContain('$0.04');
    expect(first.textContent).toContain('30.0 s');
    expect(within(first).getByRole('list', { name: 'Warnings' }).textContent).toContain('Legacy text');
    expect(entries[1]!.textContent).toContain('structured_output');
    expect(entries[1]!.textContent).toContain('timeout: Took too long');
  });

  it('names the engine and its tokens, and says unknown (never $0) for an answer without a price', async () => {
    const setup = setupStore();
    const meta = {
      ...generation({}).meta,
      provider: 'anthropic' as const,
      cliVersion: null,
      engineVersion: null,
    };
    setup.client.handle('history:list', () => [
      generation({
        id: 'g3',
        meta: { ...meta, model: 'claude-new', costUsd: null, tokensIn: 120, tokensOut: 40 },
      }),
    ]);
    await act(async () => {
      renderWith(<HistoryPanel />, setup);
      await setup.store.getState().loadHistory();
    });
    const [entry] = within(screen.getByRole('list', { name: 'Generations' })).getAllByRole('listitem', {
      name: /./,
    });
    expect(entry!.textContent).toContain('Engineanthropic');
    expect(entry!.textContent).toContain('claude-new');
    expect(entry!.textContent).toContain('120 in / 40 out');
    expect(entry!.textContent).toContain('Costunknown');
    // An API engine has no CLI: its raw lines are its stream.
    expect(within(entry!).getByRole('button', { name: 'Show raw output' })).toBeTruthy();
    expect(within(entry!).queryByText(/CLI/)).toBeNull();
  });

  it('shows what a grounded generation read, and nothing for a hermetic one', async () => {
    await show();
    const [hermetic, grounded] = within(screen.getByRole('list', { name: 'Generations' })).getAllByRole(
      'listitem',
      { name: /./ },
    );
    expect(hermetic!.querySelector('.read-files')).toBeNull();
    expect(grounded!.querySelector('.read-files summary')?.textContent).toBe(
      'read 2 files (1 search, 2 turns)',
    );
    expect(within(grounded!).getByRole('list', { name: 'Files read' }).textContent).toBe(
      'src/export.tspackage.json',
    );
  });

  it('keeps an implement run with its kind, cost and verdict on its branch', async () => {
    const { client } = await show();
    act(() =>
      client.emit(
        'history:changed',
        generation({
          id: 'g9',
          kind: 'implement',
          title: 'Implement · Export CSV',
          markdown: 'Verified on branch `puffin/PUF-s1-export-csv`. 1 files changed (src/csv.ts), 1 round.',
          meta: { ...generation({}).meta, costUsd: 0.25 },
        }),
      ),
    );
    const entry = screen.getByRole('listitem', { name: 'Implement · Export CSV' });
    expect(entry.textContent).toContain('Implement a story');
    expect(entry.textContent).toContain('$0.25');
    expect(entry.querySelector('.implement-verdict')?.textContent).toContain(
      'Verified on branch `puffin/PUF-s1-export-csv`',
    );
  });

  it('follows history:changed (new entries first, updates in place)', async () => {
    const { client } = await show();
    act(() => client.emit('history:changed', generation({ id: 'g3', title: 'Newest' })));
    act(() => client.emit('history:changed', generation({ id: 'g1', title: 'Retitled' })));
    const titles = [...document.querySelectorAll('.history-entry h3')].map((h) => h.textContent);
    expect(titles).toEqual(['Newest', 'Plain question', 'Retitled']);
  });

  it('opens the raw CLI lines in the Activity panel', async () => {
    const { client, store } = await show();
    const entry = screen.getByRole('listitem', { name: 'Export to CSV' });
    await act(async () =>
      fireEvent.click(within(entry).getByRole('button', { name: 'Show raw CLI output' })),
    );
    expect(client.callsTo('history:rawLines')).toEqual([{ id: 'g1' }]);
    expect(store.getState().view).toBe('activity');
    const raw = screen.getByRole('region', { name: 'Raw CLI output: Export to CSV' });
    expect(within(raw).getByLabelText('Raw CLI lines').textContent).toBe(
      '{"type":"system"}\n{"type":"result"}',
    );
    fireEvent.click(within(raw).getByRole('button', { name: 'Close raw output' }));
    expect(screen.queryByRole('region', { name: /Raw CLI output/ })).toBeNull();
  });
});
