import { familyOf, isErrorCode } from '../../../shared/errors';
import type { UiError } from '../store/uiError';
import type { GuiFace } from './errorHelpEntry';
import { wordsForEngine } from './errorHelpEngine';
import type { EngineInUse } from './engineWords';
import { ERROR_HELP, NOT_FOUND_WITHOUT_PROJECT } from './errorHelpText';

export { INSTALL_COMMAND } from './errorHelpText';

/** What the user sees for an error: main's message plus the next step for its code. */
export interface ErrorHelp {
  title: string;
  /** Main's own message. */
  message: string;
  /** The next step, in words. */
  next: string;
  /** A command to copy, when one fixes it. */
  command?: string;
  /** Offer a link to the Settings panel (CLI path). */
  openSettings: boolean;
  /** Offer Retry (the same request again). */
  retry: boolean;
  /** Offer to open a project. */
  openProject: boolean;
  /** Informational (cancelled) rather than an error. */
  info: boolean;
  /** The problems the details list (validation errors, refused fields, plan issues). */
  validationErrors: string[];
  rawLines: string[];
  retryInSeconds?: number;
}

// Details arrive over IPC or from stored history: their type says what main sends, but read them defensively.
function stringList(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

function record(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
}

function messages(v: unknown): string[] {
  return Array.isArray(v) ? stringList(v.map((x) => record(x).message)) : [];
}

/** The evidence a code's details carry, as lines. */
function evidence(err: UiError): Pick<ErrorHelp, 'validationErrors' | 'rawLines'> {
  const d = record(err.details);
  switch (err.code) {
    case 'invalid_payload': {
      const issues = Array.isArray(err.details) ? err.details.map(record) : [];
      const lines = issues
        .filter((i) => typeof i.message === 'string')
        .map(
          (i) =>
            `${typeof i.instancePath === 'string' && i.instancePath ? i.instancePath : 'request'}: ${String(i.message)}`,
        );
      return { validationErrors: lines, rawLines: [] };
    }
    case 'plan_graph_invalid':
      return { validationErrors: messages(d.graph), rawLines: [] };
    case 'plan_file_mismatch':
      return { validationErrors: messages(d.files), rawLines: [] };
    default:
      if (familyOf(err.code) !== 'prompt') return { validationErrors: [], rawLines: [] };
      return {
        validationErrors: [...stringList(d.validationErrors), ...stringList(d.errors)],
        rawLines: stringList(d.rawLines),
      };
  }
}

/** The face this renderer runs in: the Electron preload sets window.puffin; a browser tab has none. */
export function currentFace(): GuiFace {
  return typeof window !== 'undefined' && window.puffin ? 'desktop' : 'browser';
}

/**
 * The help for an error, from its code's entry in ERROR_HELP, in the words of the face it is shown in and of the
 * engine that failed (`engine`; none: Claude Code's) and of where it happened (`where.projectOpen`: false when no
 * project is open); a code main does not know reads as internal.
 */
export function describeError(
  err: UiError,
  face: GuiFace = currentFace(),
  engine?: EngineInUse,
  where: { projectOpen?: boolean } = {},
): ErrorHelp {
  const error: UiError = isErrorCode(err.code) ? err : { code: 'internal_error', message: err.message };
  const entry = ERROR_HELP[error.code];
  const words = wordsForEngine(
    error.code,
    {
      title: entry.title,
      message: error.message,
      next: typeof entry.next === 'string' ? entry.next : entry.next[face],
    },
    engine,
  );
  const help: ErrorHelp = {
    ...words,
    openSettings: entry.openSettings ?? false,
    retry: entry.retry,
    openProject: entry.openProject ?? false,
    info: entry.info ?? false,
    ...evidence(error),
  };
  if (entry.command) help.command = entry.command;
  // Without a project there is no list to pick from again (no Sprints, no Backlog): only the path to check.
  if (error.code === 'not_found' && where.projectOpen === false) help.next = NOT_FOUND_WITHOUT_PROJECT;
  const ms = record(error.details).retryAfterMs;
  if (entry.waitsForRetryAfter && typeof ms === 'number') {
    help.retryInSeconds = Math.ceil(ms / 1000);
    help.next = `Puffin retried already. Try again in about ${help.retryInSeconds} s.`;
  }
  return help;
}
