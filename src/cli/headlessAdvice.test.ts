import { describe, expect, it } from 'vitest';
import { ALL_ERROR_CODES, type ErrorCode } from '../shared/errors';
import { HEADLESS_ADVICE } from './headlessAdvice';
import { errorData } from './output';

describe('headless advice', () => {
  it.each(ALL_ERROR_CODES)('%s names a step the command line offers', (code: ErrorCode) => {
    const advice = HEADLESS_ADVICE[code];
    expect(advice.length).toBeGreaterThan(15);
    // The app's Settings, panels and buttons do not exist here.
    expect(advice).not.toMatch(
      /settings →|\bpanel\b|\bpress\b|\bclick|\bretry\b|activity log|reload|\bbelow\b/i,
    );
  });

  it('prints main’s message followed by the advice', () => {
    const out = errorData({ code: 'cli_not_found', message: 'Claude Code CLI not found.' });
    expect(out.message).toBe(`Claude Code CLI not found. ${HEADLESS_ADVICE.cli_not_found}`);
    expect(out.message).toContain('PUFFIN_CLAUDE_PATH');
  });

  it('prints which schema paths failed for invalid output, not the raw stdout and stderr', () => {
    const out = errorData({
      code: 'validation_failed',
      message: "Claude's answer did not match the expected format. (1 problem)",
      details: {
        validationErrors: ['/stories/0/title: must be string'],
        errors: [],
        rawLines: ['{…}'],
        stderrTail: 'x',
      },
    });
    expect(out.details).toEqual({ validationErrors: ['/stories/0/title: must be string'] });
  });

  it('keeps the details of other families and prints none for a prompt failure without evidence', () => {
    expect(
      errorData({ code: 'crashed', message: 'x', details: { rawLines: ['a'] } }).details,
    ).toBeUndefined();
    const refused = [{ instancePath: '/maxTurns', message: 'must be integer' }];
    expect(errorData({ code: 'invalid_payload', message: 'x', details: refused }).details).toEqual(refused);
  });
});
