import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred } from '../../../../test/support/renderer/fakeClient';
import { renderWith, setupStore } from '../../../../test/support/renderer/setup';
import type { ResponseOf } from '../../../shared/ipc/contract';
import { PromptPanel } from './PromptPanel';

afterEach(cleanup);

describe('Describe existing code (next to the feature request)', () => {
  it('sends the folder, shows it running, then the stories kept with their guards and those dropped', async () => {
    const setup = setupStore();
    const pending = deferred<ResponseOf<'stories:reverse'>>();
    setup.client.handle('stories:reverse', () => pending.promise);
    renderWith(<PromptPanel />, setup);
    fireEvent.change(screen.getByRole('textbox', { name: 'Folder (empty: the whole project)' }), {
      target: { value: ' src/billing ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Describe existing code' }));
    expect(setup.client.callsTo('stories:reverse')).toEqual([{ path: 'src/billing' }]);
    expect(screen.getByRole('button', { name: 'Describing…' })).toHaveProperty('disabled', true);
    await act(async () =>
      pending.resolve({
        commit: 'abc',
        stories: [{ id: 's1', title: 'Invoices are numbered', guards: ['G1', 'G2'] }],
        dropped: [{ title: 'Refunds', reason: 'none of its checks passes' }],
        discarded: [],
      }),
    );
    const status = screen.getByRole('status', { name: 'Described code' });
    expect(status.textContent).toContain('1 story added to the backlog');
    expect(status.textContent).toContain('Invoices are numbered · 2 guards');
    expect(status.textContent).toContain('Not kept (no check passed on the code now): Refunds');
  });
});
