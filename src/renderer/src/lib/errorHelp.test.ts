import { describe, expect, it } from 'vitest';
import { ALL_ERROR_CODES } from '../../../shared/errors';
import type { UiError } from '../store/uiError';
import { describeError, INSTALL_COMMAND } from './errorHelp';

/** Data as it arrives over IPC or from stored history: its shape is not checked on the way in. */
const fromWire = (data: unknown): UiError => data as UiError;

describe('describeError', () => {
  it.each(ALL_ERROR_CODES)('%s has its own title and a next step, never the generic fallback', (code) => {
    const h = describeError(fromWire({ code, message: 'What main said.' }));
    expect(h.title).not.toMatch(/something went wrong/i);
    expect(h.title.length).toBeGreaterThan(3);
    expect(h.next.length).toBeGreaterThan(15);
    expect(h.message).toBe('What main said.');
    // The app has no timeout, per-request budget or turn-limit setting: no help may send the user looking for one.
    expect(`${h.title} ${h.next}`).not.toMatch(
      /timeout|turn limit|max[ _-]?turns|max[ _-]?budget|the budget/i,
    );
  });

  const FACES = ['desktop', 'browser'] as const;
  /** Words naming what only the other face has: advice must name something the user can do where they are. */
  const FOREIGN: Record<(typeof FACES)[number], RegExp> = {
    desktop: /reload the page|\?token=|url (it|puffin) printed|browser|npm run serve|x-puffin-token/i,
    browser: /quit puffin|puffin’s own window/i,
  };
  it.each(ALL_ERROR_CODES.flatMap((code) => FACES.map((face) => [code, face] as const)))(
    '%s in the %s face names a step that face offers, and promises nothing "below"',
    (code, face) => {
      const { next } = describeError(fromWire({ code, message: 'x' }), face);
      expect(next).not.toMatch(FOREIGN[face]);
      expect(next).not.toMatch(/\bbelow\b/i);
    },
  );

  it('says how to get back in per face when the host refuses the page', () => {
    expect(describeError({ code: 'unauthorized', message: 'x' }, 'browser').next).toContain('?token=');
    expect(describeError({ code: 'unauthorized', message: 'x' }, 'desktop').next).toBe(
      'Quit Puffin and start it again.',
    );
    expect(describeError({ code: 'not_supported', message: 'x' }, 'browser').next).toMatch(/folder dialog/);
  });

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
      'Run `claude` in a terminal, then /login (with an API key instead: check ANTHROPIC_API_KEY where Puffin was started). Come back and retry.',
    );
  });

  it('turns retryAfterMs into seconds for rate limits', () => {
    const h = describeError({ code: 'rate_limited', message: 'x', details: { retryAfterMs: 12_300 } });
    expect(h.retryInSeconds).toBe(13);
    expect(h.next).toContain('13 s');
    expect(describeError({ code: 'overloaded', message: 'x' }).retryInSeconds).toBeUndefined();
    expect(
      describeError({ code: 'timeout', message: 'x', details: { retryAfterMs: 5000 } }).retryInSeconds,
    ).toBeUndefined();
  });

  it('collects validation errors and raw lines, ignoring malformed details', () => {
    const h = describeError(
      fromWire({
        code: 'validation_failed',
        message: 'x',
        details: { validationErrors: ['a', 3], errors: ['b'], rawLines: ['{}'] },
      }),
    );
    expect(h.validationErrors).toEqual(['a', 'b']);
    expect(h.rawLines).toEqual(['{}']);
    expect(h.retry).toBe(true);
    expect(
      describeError(fromWire({ code: 'validation_failed', message: 'x', details: 'junk' })).rawLines,
    ).toEqual([]);
    expect(describeError({ code: 'validation_failed', message: 'x' }).title).not.toContain('stories');
  });

  it('lists the refused fields of invalid_payload and the issues of a plan that cannot be approved', () => {
    const refused = describeError({
      code: 'invalid_payload',
      message: 'Invalid request for settings:update',
      details: [{ instancePath: '/defaultModel', message: 'must match pattern' }, { instancePath: '' }],
    });
    expect(refused.validationErrors).toEqual(['/defaultModel: must match pattern']);
    expect(refused.retry).toBe(false);
    const graph = describeError({
      code: 'plan_graph_invalid',
      message: 'x',
      details: { graph: [{ kind: 'cycle', storyIds: ['a', 'b'], message: 'a and b depend on each other.' }] },
    });
    expect(graph.validationErrors).toEqual(['a and b depend on each other.']);
    expect(
      describeError({ code: 'not_found', message: 'x', details: { path: '/x' } }).validationErrors,
    ).toEqual([]);
  });

  it('treats cancel as information and no_project as a pointer to the Project panel', () => {
    const c = describeError({ code: 'cancelled', message: 'x' });
    expect([c.info, c.retry]).toEqual([true, false]);
    const p = describeError({ code: 'no_project', message: 'x' });
    expect([p.openProject, p.retry]).toEqual([true, false]);
    expect(describeError({ code: 'timeout', message: 'x' }).retry).toBe(true);
    expect(describeError({ code: 'invalid_draft', message: 'x' }).retry).toBe(false);
  });

  it('gives plan codes a next step, and no Retry where retrying cannot help', () => {
    const closed = describeError({ code: 'sprint_closed', message: 'Sprint is closed.' });
    expect(closed.message).toBe('Sprint is closed.');
    expect(closed.next).toContain('Reopen sprint');
    expect(closed.retry).toBe(false);
    expect(describeError({ code: 'plan_file_mismatch', message: 'x' }).next).toContain(
      'Approve anyway (file mismatches)',
    );
    expect(describeError({ code: 'busy', message: 'x' }).retry).toBe(true);
  });

  it('reads a code main does not know (an older or newer Puffin) as an internal error, keeping the message', () => {
    const h = describeError(fromWire({ code: 'made_up', message: 'Something odd.' }));
    expect(h.title).toBe(describeError({ code: 'internal_error', message: '' }).title);
    expect(h.message).toBe('Something odd.');
  });
});

describe('a missing folder or record', () => {
  const missing = { code: 'not_found', message: 'The folder /nope does not exist.' } as const;

  it('sends nobody to a project’s lists when no project is open', () => {
    const next = describeError(missing, 'browser', undefined, { projectOpen: false }).next;
    expect(next).not.toMatch(/Sprints|Backlog|list/);
    expect(next).toMatch(/path/);
  });

  it('points to the list to pick it from again inside a project', () => {
    expect(describeError(missing, 'browser', undefined, { projectOpen: true }).next).toMatch(/Sprints/);
  });
});
