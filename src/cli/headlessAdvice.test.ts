import { describe, expect, it } from 'vitest';
import { ALL_ERROR_CODES, type ErrorCode } from '../shared/errors';
import { flagsOf } from './args';
import { commands } from './commands/index';
import { mcpCommand } from './commands/mcp';
import { HEADLESS_ADVICE } from './headlessAdvice';
import { EMPTY_META, type Generation } from '../shared/stories';
import { callsSummary, errorData, STDERR_LINES } from './output';

describe('headless advice', () => {
  it.each(ALL_ERROR_CODES)('%s names a step the command line offers', (code: ErrorCode) => {
    const advice = HEADLESS_ADVICE[code];
    expect(advice.length).toBeGreaterThan(15);
    // The app's Settings, panels and buttons do not exist here.
    expect(advice).not.toMatch(
      /settings →|\bpanel\b|\bpress\b|\bclick|\bretry\b|activity log|reload|\bbelow\b/i,
    );
  });

  it.each(ALL_ERROR_CODES)('%s: every puffin command it names exists, with the flags it names', (code) => {
    const named = [...HEADLESS_ADVICE[code].matchAll(/`puffin ([^`]*)`/g)].map((m) => m[1]!.split(' '));
    for (const words of named) {
      if (words[0] === '--help') continue;
      // The MCP server is a serve command of its own, with its flags in its usage.
      if (words[0] === mcpCommand.path[0]) {
        for (const flag of words.filter((w) => w.startsWith('--'))) expect(mcpCommand.usage).toContain(flag);
        continue;
      }
      const command = commands.find((c) => c.path.every((w, i) => words[i] === w));
      expect(command, `puffin ${words.join(' ')}`).toBeDefined();
      const flags = new Set(flagsOf(command!).map((f) => `--${f.flag}`));
      for (const flag of words.filter((w) => w.startsWith('--')))
        expect(flags, `${flag} of puffin ${command!.path.join(' ')}`).toContain(flag);
    }
  });

  it('prints main’s message followed by the advice', () => {
    const out = errorData({ code: 'cli_not_found', message: 'Claude Code CLI not found.' });
    expect(out.message).toBe(`Claude Code CLI not found. ${HEADLESS_ADVICE.cli_not_found}`);
    expect(out.message).toContain('PUFFIN_CLAUDE_PATH');
  });

  it('prints which schema paths failed for invalid output and the stderr tail, not the raw stdout', () => {
    const out = errorData({
      code: 'validation_failed',
      message: "Claude's answer did not match the expected format. (1 problem)",
      details: {
        validationErrors: ['/stories/0/title: must be string'],
        errors: [],
        rawLines: ['{…}'],
        stderrTail: '\n',
      },
    });
    expect(out.details).toEqual({ validationErrors: ['/stories/0/title: must be string'] });
  });

  it('prints the last lines of the CLI’s stderr with a prompt failure', () => {
    const lines = Array.from({ length: STDERR_LINES + 5 }, (_, i) => `line ${i}`);
    const out = errorData({
      code: 'crashed',
      message: 'x',
      details: { exitCode: 1, stderrTail: `${lines.join('\n')}\n\n`, rawLines: ['a'] },
    });
    expect(out.details).toEqual({ exitCode: 1, stderrTail: lines.slice(5).join('\n') });
  });

  it('keeps the details of other families and prints none for a prompt failure without evidence', () => {
    expect(
      errorData({ code: 'crashed', message: 'x', details: { rawLines: ['a'] } }).details,
    ).toBeUndefined();
    const refused = [{ instancePath: '/maxTurns', message: 'must be integer' }];
    expect(errorData({ code: 'invalid_payload', message: 'x', details: refused }).details).toEqual(refused);
  });

  it('a command whose calls partly failed lists each failure with its evidence in meta.failures', () => {
    const call = (id: string, patch: Partial<Generation>): Generation => ({
      id,
      kind: 'spec-assertions',
      title: 't',
      prompt: 'p',
      status: 'succeeded',
      createdAt: '2026-11-24T00:00:00.000Z',
      warnings: [],
      meta: { ...EMPTY_META },
      ...patch,
    });
    const error = {
      code: 'validation_failed' as const,
      message: 'Bad.',
      details: { validationErrors: ['/a'] },
    };
    const summary = callsSummary([call('g1', {}), call('g2', { status: 'failed', error })]);
    expect((summary.meta as { failures: unknown }).failures).toEqual([
      { generationId: 'g2', ...errorData(error) },
    ]);
    expect(callsSummary([call('g1', {})]).meta).not.toHaveProperty('failures');
  });
});
