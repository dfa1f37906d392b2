export const INSTALL_COMMAND = 'npm install -g @anthropic-ai/claude-code';

/**
 * What the screen says for one code: a title and a next step the user can take in the app (Settings has only
 * the CLI path, max concurrent processes, the default model and the theme: no timeout, budget or turn limit).
 */
/** The two faces the renderer runs in: the Electron window, or a browser tab on the host. */
export type GuiFace = 'desktop' | 'browser';

/** A next step that differs between the desktop window and a browser tab. */
export type FaceText = Readonly<Record<GuiFace, string>>;

export interface HelpEntry {
  title: string;
  /** The next step; per face where the two differ (a browser has no folder dialog, the desktop no URL). */
  next: string | FaceText;
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
export const again = (title: string, next: string | FaceText, extra: Partial<HelpEntry> = {}): HelpEntry => ({
  title,
  next,
  retry: true,
  ...extra,
});
/** Help for a code where something must change first: no Retry. */
export const fix = (title: string, next: string | FaceText, extra: Partial<HelpEntry> = {}): HelpEntry => ({
  title,
  next,
  retry: false,
  ...extra,
});
