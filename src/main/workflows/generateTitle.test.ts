import { describe, expect, it } from 'vitest';
import { memoryLogger } from '../../../test/support/memorySpawner';
import { PromptError } from '../llm/errors';
import type { SendPrompt, SendPromptRequest } from '../llm/promptTypes';
import { fallbackTitle, generateTitle, TITLE_TIER } from './generateTitle';

function fakeSendPrompt(impl: (req: SendPromptRequest) => Promise<unknown>): {
  sendPrompt: SendPrompt;
  calls: SendPromptRequest[];
} {
  const calls: SendPromptRequest[] = [];
  const sendPrompt = (async (req: SendPromptRequest) => {
    calls.push(req);
    return { data: await impl(req), source: 'structured_output', warnings: [], meta: {} };
  }) as unknown as SendPrompt;
  return { sendPrompt, calls };
}

describe('fallbackTitle', () => {
  it('takes the first words, capitalised, at most 50 characters', () => {
    expect(fallbackTitle('let users share recipes by link and email')).toBe(
      'Let users share recipes by link',
    );
    expect(fallbackTitle('# Heading\n\n**bold** words')).toBe('Heading bold words');
    expect(fallbackTitle('x'.repeat(80))).toHaveLength(50);
    expect(fallbackTitle('   ')).toBe('Untitled');
  });

  it('never ends on a separator, as a sprint title made of story titles joined by "; " would', () => {
    // Six words: the last one is the first title's, with its separator.
    expect(fallbackTitle('Export the whole backlog as CSV; Import stories')).toBe(
      'Export the whole backlog as CSV',
    );
    expect(fallbackTitle('Export the backlog as CSV; Import stories')).toBe(
      'Export the backlog as CSV; Import',
    );
    expect(fallbackTitle('Share;')).toBe('Share');
  });
});

describe('generateTitle', () => {
  it('asks for the title schema with the fast model and a short timeout', async () => {
    const { sendPrompt, calls } = fakeSendPrompt(async () => 'Recipe Link Sharing');
    const { logger } = memoryLogger();
    const t = await generateTitle({ sendPrompt, logger }, 'Let users share recipes');
    expect(t).toEqual({ title: 'Recipe Link Sharing', fallback: false });
    // The title's model is a Claude Code alias: asked of the claude-cli provider only (deliberate).
    expect(calls[0]).toMatchObject({ schema: 'title', tier: TITLE_TIER });
    expect(calls[0]!.timeoutMs).toBeLessThanOrEqual(60_000);
  });

  it('falls back to the first words of the prompt when the CLI fails, and logs why', async () => {
    const { sendPrompt } = fakeSendPrompt(async () => {
      throw new PromptError('not_logged_in');
    });
    const { logger, lines } = memoryLogger();
    const t = await generateTitle({ sendPrompt, logger }, 'share recipes by link please');
    expect(t).toMatchObject({
      title: 'Share recipes by link please',
      fallback: true,
      error: { code: 'not_logged_in' },
    });
    expect(lines.some((l) => l.level === 'warn' && l.message.includes('not_logged_in'))).toBe(true);
  });
});
