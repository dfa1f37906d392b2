import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ErrorCode } from '../../../shared/errors';
import { errorData } from '../../../shared/ipc/errors';
import { renderWith, setupStore } from '../../../../test/support/renderer/setup';
import { ErrorHelp } from './ErrorHelp';

afterEach(cleanup);

function show(code: ErrorCode, onRetry = vi.fn()) {
  const setup = setupStore();
  renderWith(
    <ErrorHelp error={errorData(code, `Main says ${code}.`)} onRetry={onRetry} onDismiss={vi.fn()} />,
    setup,
  );
  return { setup, onRetry, text: () => document.querySelector('.error-help')?.textContent ?? '' };
}

describe('ErrorHelp', () => {
  // The codes that reached the user as "Something went wrong" before every code had its own help.
  it.each<ErrorCode>([
    'api_error',
    'max_turns',
    'max_budget',
    'schema_dropped',
    'invalid_schema',
    'crashed',
    'no_result',
    'execution_error',
    'garbage_output',
    'busy',
    'no_plan_item',
    'store_error',
    'not_writable',
  ])('shows %s with its own title, main’s message and a next step', (code) => {
    const { text } = show(code);
    expect(text()).not.toMatch(/something went wrong/i);
    expect(text()).toContain(`Main says ${code}.`);
    expect(text()).toContain('Next step:');
  });

  it('offers Retry only where retrying can help', () => {
    const { onRetry } = show('max_turns');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
    cleanup();
    show('invalid_schema');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('links to Settings for a CLI that cannot be run, and to the Project panel without a project', () => {
    const { setup } = show('cli_not_executable');
    fireEvent.click(screen.getByRole('link', { name: 'Open Settings' }));
    expect(setup.store.getState().view).toBe('settings');
    cleanup();
    show('no_project');
    expect(screen.getByRole('link', { name: 'Open a project' })).toBeTruthy();
  });
});
