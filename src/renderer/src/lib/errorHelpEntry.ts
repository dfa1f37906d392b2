export const INSTALL_COMMAND = 'npm install -g @anthropic-ai/claude-code';

/**
 * What the screen says for one code: a title and a next step the user can take in the app (Settings has only
 * the CLI path, max concurrent processes, the default model and the theme: no timeout, budget or turn limit).
 */
export interface HelpEntry {
  title: string;
  next: string;
  /** Offer Retry (the same request again): only where trying again can help. */
  retry: boolean;
  /** A command to copy, when one fixes it. */
  command?: string;
  /** Offer a link to the Settings panel (CLI path). */
  openSettings?: boolean;
  /** Offer to open a project. */
  openProject?: boolean;
  /** Informational (cancelled) rather than an error. */
  info?: boolean;
  /** The API may say how long to wait (`details.retryAfterMs`): the next step then names the delay. */
  waitsForRetryAfter?: boolean;
}

/** Help for a code where the same request again can help. */
export const again = (title: string, next: string, extra: Partial<HelpEntry> = {}): HelpEntry => ({
  title,
  next,
  retry: true,
  ...extra,
});
/** Help for a code where something must change first: no Retry. */
export const fix = (title: string, next: string, extra: Partial<HelpEntry> = {}): HelpEntry => ({
  title,
  next,
  retry: false,
  ...extra,
});
