/**
 * A log line's context as stderr shows it. Without --verbose it is cut short: the CLI's raw stdout lines are
 * left out (a failed call can carry kilobytes of them) and the rest is bounded, so a failure reads as one line
 * beside the error object on stdout.
 */

/** The most of a context printed without --verbose. */
export const QUIET_CONTEXT_CHARS = 300;

/** Context fields only --verbose prints: raw model output, already kept in the project's history. */
const VERBOSE_ONLY = new Set(['rawLines', 'stderrTail']);

export function contextText(context: Record<string, unknown>, verbose: boolean): string {
  if (verbose) return JSON.stringify(context);
  const kept = Object.fromEntries(Object.entries(context).filter(([k]) => !VERBOSE_ONLY.has(k)));
  const text = JSON.stringify(kept);
  return text.length > QUIET_CONTEXT_CHARS
    ? `${text.slice(0, QUIET_CONTEXT_CHARS)}… (--verbose for all)`
    : text;
}
