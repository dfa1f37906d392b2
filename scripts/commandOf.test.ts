import { describe, expect, it } from 'vitest';
import { commandOf } from './commandOf.cjs';

describe('commandOf: the code cache a headless start runs from', () => {
  it("is the command's words before its first option or argument", () => {
    expect(commandOf(['prompt', '--schema', 's.json'])).toBe('prompt');
    expect(commandOf(['stories', 'derive', '--project', '.'])).toBe('stories-derive');
    expect(commandOf(['sprint', 'create', 'Sprint 1'])).toBe('sprint-create');
    expect(commandOf(['backlog', './x'])).toBe('backlog');
    expect(commandOf([])).toBe('none');
  });

  it('is a help cache of its own when the start only prints help', () => {
    // A first `prompt --help` used to leave `prompt` with the help's cache: every real prompt then compiled again.
    expect(commandOf(['prompt', '--help'])).toBe('prompt-help');
    expect(commandOf(['stories', 'derive', '-h'])).toBe('stories-derive-help');
    expect(commandOf(['--help'])).toBe('help');
  });
});
