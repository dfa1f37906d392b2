/** A short title for a prompt (title schema, fast model, short timeout), with a local fallback. */
import type { ErrorCode } from '../../shared/errors';
import { toIpcError } from '../base/errors';
import type { Logger } from '../base/logger';
import { defineWorkflow } from './definition';
import { callWorkflow } from './call';
import type { CallOptions, UnrecordedDeps } from './types';

/** A title needs no large model: each provider answers it with its fast one (the CLI's haiku). */
export const TITLE_TIER = 'fast';
export const TITLE_TIMEOUT_MS = 45_000;
const MAX_WORDS = 6;
const MAX_LENGTH = 50;

export function titlePrompt({ text }: { text: string }): string {
  const excerpt = text.length > 4000 ? `${text.slice(0, 4000)}…` : text;
  return [
    'Give a short title (2 to 5 words) that names what this request is about.',
    '',
    '## Request',
    excerpt.trim(),
  ].join('\n');
}

export const generateTitleWorkflow = defineWorkflow('generateTitle', {
  grounded: false,
  schema: 'title',
  tier: TITLE_TIER,
  limits: { maxTurns: 2, timeoutMs: TITLE_TIMEOUT_MS },
  previewWatch: [],
  prompt: titlePrompt,
});

/** A title made locally from the first words of the text, for when the CLI cannot give one. */
export function fallbackTitle(text: string): string {
  const words = text
    .replace(/```[\s\S]*?```/g, ' ') // code blocks make poor titles
    .replace(/[#>*_`[\]()]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
  let title = '';
  for (const w of words) {
    const next = title ? `${title} ${w}` : w;
    if (next.length > MAX_LENGTH) break;
    title = next;
  }
  // Cut mid-list ("Export CSV; Import"): a title never ends on the separator or other punctuation.
  title = title.replace(/[\s;,:.\-–—/|]+$/u, '');
  if (!title) return words[0]?.slice(0, MAX_LENGTH).replace(/[;,:.]+$/, '') || 'Untitled';
  return title.charAt(0).toUpperCase() + title.slice(1);
}

export interface TitleResult {
  title: string;
  /** True when the CLI failed and the local fallback was used. */
  fallback: boolean;
  error?: { code: ErrorCode; message: string };
}

/** The generated title, or the local fallback when the call fails (logged); never throws. */
export async function generateTitle(
  deps: UnrecordedDeps & { logger: Logger },
  text: string,
  options: CallOptions = {},
): Promise<TitleResult> {
  try {
    const result = await callWorkflow(deps, generateTitleWorkflow, { text }, options);
    return { title: result.data, fallback: false };
  } catch (err) {
    const { code } = toIpcError(err);
    const message = err instanceof Error ? err.message : String(err);
    const title = fallbackTitle(text);
    // Cancelled: Puffin no longer needed the title (the command ended, the app closed), nothing went wrong.
    deps.logger[code === 'cancelled' ? 'info' : 'warn'](
      `Title generation failed (${code}); used "${title}" from the prompt instead.`,
      { code },
    );
    return { title, fallback: true, error: { code, message } };
  }
}
