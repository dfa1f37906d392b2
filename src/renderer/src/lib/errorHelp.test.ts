import { describe, expect, it } from 'vitest';
import { describeError, INSTALL_COMMAND } from './errorHelp';

describe('describeError', () => {
  it('keeps main’s message and adds the install command and Settings for a missing CLI', () => {
    const h = describeError({ code: 'cli_not_found', message: 'Claude Code CLI not found at /x.' });
    expect(h.message).toBe('Claude Code CLI not found at /x.');
    expect(h.command).toBe(INSTALL_COMMAND);
    expect(h.openSettings).toBe(true);
    expect(h.next).toContain('Settings');
  });

  it('says what to do about a full disk and a store Puffin may not write', () => {
    const full = describeError({ code: 'disk_full', message: 'The disk is full: …' });
    expect(full).toMatchObject({ title: 'The disk is full', retry: true });
    expect(full.next).toMatch(/Free some space/);
    const ro = describeError({ code: 'store_not_writable', message: 'Puffin may not write …' });
    expect(ro.title).toMatch(/cannot write/);
    expect(ro.next).toMatch(/writable/);
  });

  it('says how to log in', () => {
    expect(describeError({ code: 'not_logged_in', message: 'x' }).next).toBe(
      'Run `claude` in a terminal, then /login. Come back and retry.',
    );
  });

  it('turns retryAfterMs into seconds for rate limits', () => {
    const h = describeError({ code: 'rate_limited', message: 'x', details: { retryAfterMs: 12_300 } });
    expect(h.retryInSeconds).toBe(13);
    expect(h.next).toContain('13 s');
    expect(describeError({ code: 'overloaded', message: 'x' }).retryInSeconds).toBeUndefined();
  });

  it('collects validation errors and raw lines, ignoring malformed details', () => {
    const h = describeError({
      code: 'validation_failed',
      message: 'x',
      details: { validationErrors: ['a', 3], errors: ['b'], rawLines: ['{}'] },
    });
    expect(h.validationErrors).toEqual(['a', 'b']);
    expect(h.rawLines).toEqual(['{}']);
    expect(h.retry).toBe(true);
    expect(describeError({ code: 'validation_failed', message: 'x', details: 'junk' }).rawLines).toEqual([]);
  });

  it('treats cancel as information and no_project as a pointer to the Project panel', () => {
    const c = describeError({ code: 'cancelled', message: 'x' });
    expect([c.info, c.retry]).toEqual([true, false]);
    const p = describeError({ code: 'no_project', message: 'x' });
    expect([p.openProject, p.retry]).toEqual([true, false]);
    expect(describeError({ code: 'timeout', message: 'x' }).retry).toBe(true);
    expect(describeError({ code: 'invalid_draft', message: 'x' }).retry).toBe(false);
  });
});
