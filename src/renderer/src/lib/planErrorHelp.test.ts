import { describe, expect, it } from 'vitest';
import { describePlanError } from './planErrorHelp';

describe('describePlanError', () => {
  it('gives plan codes a next step and no Retry where retrying cannot help', () => {
    const closed = describePlanError({ code: 'sprint_closed', message: 'Sprint is closed.' });
    expect(closed.message).toBe('Sprint is closed.');
    expect(closed.next).toContain('Reopen sprint');
    expect(closed.retry).toBe(false);
    expect(describePlanError({ code: 'plan_file_mismatch', message: 'x' }).next).toContain(
      'Approve anyway (file mismatches)',
    );
    expect(describePlanError({ code: 'busy', message: 'x' }).retry).toBe(true);
  });

  it('falls back to the prompt panel mapping for CLI errors', () => {
    const h = describePlanError({ code: 'not_logged_in', message: 'x' });
    expect(h.title).toBe('Claude Code is not logged in');
    expect(describePlanError({ code: 'validation_failed', message: 'x' }).title).not.toContain('stories');
  });
});
