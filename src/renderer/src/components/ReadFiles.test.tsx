import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EMPTY_GROUNDING, type GroundingRecord } from '../../../shared/grounding';
import { ReadFiles } from './ReadFiles';

const record: GroundingRecord = {
  filesRead: ['src/store.ts', 'package.json'],
  searches: [{ tool: 'Grep', pattern: 'createStore', path: 'src', glob: '*.ts', matches: 3 }],
  refused: [{ tool: 'Read', target: '.env', message: 'denied by your permission settings' }],
  violations: [],
  toolTurns: 2,
  toolCalls: 4,
};

describe('ReadFiles', () => {
  it('sums up what was read and lists the files, searches and refusals', () => {
    const { container } = render(<ReadFiles grounding={record} />);
    expect(container.querySelector('summary')?.textContent).toBe(
      'read 2 files (1 search, 2 turns, 1 refused)',
    );
    const files = within(screen.getByRole('list', { name: 'Files read' })).getAllByRole('listitem');
    expect(files.map((li) => li.textContent)).toEqual(['src/store.ts', 'package.json']);
    expect(screen.getByRole('list', { name: 'Searches' }).textContent).toBe(
      'Grep createStore in src (files *.ts) · 3 found',
    );
    expect(screen.getByRole('list', { name: 'Refused' }).textContent).toBe('Read .env refused');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when nothing was read and alerts on a forbidden call that succeeded', () => {
    const { container } = render(
      <ReadFiles
        grounding={{
          ...EMPTY_GROUNDING,
          violations: [{ tool: 'Read', target: '/etc/passwd', reason: 'outside' }],
        }}
      />,
    );
    expect(container.querySelector('summary')?.textContent).toBe('read no files 1 forbidden call succeeded');
    expect(screen.getByRole('alert').textContent).toContain('1 forbidden call succeeded');
    expect(screen.getByRole('list', { name: 'Forbidden calls that succeeded' }).textContent).toBe(
      'Read /etc/passwd (outside)',
    );
  });

  it('shows nothing for a hermetic generation', () => {
    const { container } = render(<ReadFiles grounding={undefined} />);
    expect(container.innerHTML).toBe('');
  });
});
