import type { ActionableError } from '../store/types';

export const INSTALL_COMMAND = 'npm install -g @anthropic-ai/claude-code';

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
  validationErrors: string[];
  rawLines: string[];
  retryInSeconds?: number;
}

function stringList(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

function record(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
}

export function describeError(err: ActionableError): ErrorHelp {
  const d = record(err.details);
  const base: ErrorHelp = {
    title: 'Something went wrong',
    message: err.message,
    next: 'Try again; details are in the Activity panel.',
    openSettings: false,
    retry: true,
    openProject: false,
    info: false,
    validationErrors: [],
    rawLines: [],
  };
  switch (err.code) {
    case 'cli_not_found':
    case 'cli_not_executable':
      return {
        ...base,
        title: 'Claude Code CLI not found',
        next: 'Install it, or set the path to the claude binary in Settings → Claude Code CLI path, then retry.',
        command: INSTALL_COMMAND,
        openSettings: true,
      };
    case 'not_logged_in':
      return {
        ...base,
        title: 'Claude Code is not logged in',
        next: 'Run `claude` in a terminal, then /login. Come back and retry.',
        command: 'claude',
      };
    case 'rate_limited':
    case 'overloaded': {
      const ms = typeof d.retryAfterMs === 'number' ? d.retryAfterMs : undefined;
      const help: ErrorHelp = {
        ...base,
        title: err.code === 'rate_limited' ? 'Rate limited' : 'Claude is overloaded',
        next:
          ms !== undefined
            ? `Puffin retried already. Try again in about ${Math.ceil(ms / 1000)} s.`
            : 'Puffin retried already. Wait a minute, then retry.',
      };
      if (ms !== undefined) help.retryInSeconds = Math.ceil(ms / 1000);
      return help;
    }
    case 'validation_failed':
    case 'structured_output_retries_exhausted':
    case 'no_structured_output':
      return {
        ...base,
        title: "Claude's answer did not match the stories format",
        next: 'Retry; rewording the request can help. The errors and the raw output are below.',
        validationErrors: [...stringList(d.validationErrors), ...stringList(d.errors)],
        rawLines: stringList(d.rawLines),
      };
    case 'timeout':
      return {
        ...base,
        title: 'Timed out',
        next: 'Retry, or split the request into smaller ones.',
      };
    case 'cancelled':
      return {
        ...base,
        title: 'Cancelled',
        next: 'Your request is still in the editor: press Generate to run it again.',
        retry: false,
        info: true,
      };
    case 'no_project':
      return {
        ...base,
        title: 'No project open',
        next: 'Open a project in the Project panel first.',
        retry: false,
        openProject: true,
      };
    case 'disk_full':
      return {
        ...base,
        title: 'The disk is full',
        next: 'Free some space on the disk that holds the project, then retry. Nothing was saved.',
      };
    case 'store_not_writable':
      return {
        ...base,
        title: "Puffin cannot write the project's .puffin folder",
        next: 'Make the .puffin folder (and its files) writable for your user, or copy the project to a writable disk, then retry. Nothing was saved.',
      };
    case 'not_a_project_folder':
      return {
        ...base,
        title: 'Not a project folder',
        next: 'Choose the folder of one project (the one that holds its source code), not the root or your home folder.',
        retry: false,
        openProject: true,
      };
    case 'invalid_draft':
      return {
        ...base,
        title: 'Fix the stories first',
        next: 'Give every story a title, then request changes again.',
        retry: false,
      };
    default:
      return { ...base, rawLines: stringList(d.rawLines) };
  }
}
