import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWith, setupStore } from '../testing/setup';
import { GithubExportPanel } from './GithubExportPanel';

afterEach(cleanup);

describe('GithubExportPanel', () => {
  it('exports the sprint to the named repository and lists each issue with what happened to it', async () => {
    const setup = setupStore();
    setup.client.handle('github:export', () => ({
      repo: 'octo/app',
      commit: null,
      milestone: { number: 1, title: 'Export' },
      issues: [
        { storyId: 's1', number: 7, url: 'https://github.com/octo/app/issues/7', action: 'created' },
        { storyId: 's2', number: 8, url: 'https://github.com/octo/app/issues/8', action: 'unchanged' },
      ],
      warnings: ['Issue #8 (story s2) was edited on GitHub since Puffin wrote it.'],
    }));
    renderWith(<GithubExportPanel sprintId="sp-1" />, setup);
    fireEvent.change(screen.getByLabelText('Repository'), { target: { value: ' octo/app ' } });
    fireEvent.click(screen.getByLabelText(/Close verified/));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Export to GitHub' }));
    });
    expect(setup.client.callsTo('github:export')).toEqual([
      { sprintId: 'sp-1', repo: 'octo/app', closeVerified: true },
    ]);
    const list = screen.getByRole('list', { name: 'Exported issues' });
    expect(list.textContent).toBe('#7 created#8 unchanged');
    const link = within(list).getByRole('link', { name: '#7' });
    expect(link.getAttribute('href')).toBe('https://github.com/octo/app/issues/7');
    expect(screen.getByText(/was edited on GitHub/)).toBeTruthy();
  });
});
