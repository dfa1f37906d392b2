/**
 * What a headless command is: a declarative mapping from argv (flags, files, stdin) to one contract channel,
 * plus how its answer is printed in the one-object shape. The one parser (args.ts) and the one runner (face.ts)
 * read these specs; `puffin --help` is generated from them.
 */
import type { ErrorCode } from '../shared/errors';
import type { RequestChannel, RequestOf, ResponseOf } from '../shared/ipc/contract';
import type { Generation, GenerationSource } from '../shared/stories';

/**
 * How a flag's text becomes a payload value. Values are converted, never judged: `--max-turns abc` reaches the
 * dispatcher as "abc" and the contract refuses it, so every face reports the same error for the same value.
 */
export type FlagKind =
  | 'string' // as given
  | 'path' // resolved against the caller's working directory
  | 'integer' // a number when the text is an integer, else the text itself
  | 'number' // a number when the text is a decimal number, else the text itself
  | 'integers' // a comma-separated list of 'integer'
  | 'list' // a comma-separated list of strings
  | 'boolean' // present or not; takes no value
  | 'text-file' // a path; the file's text, trimmed
  | 'json-file'; // a path; the file's JSON

export interface FlagSpec {
  /** Without the leading dashes, e.g. 'max-turns'. */
  flag: string;
  kind: FlagKind;
  /** The payload field it fills; without one the flag only has to be there (e.g. `--legacy`). */
  field?: string;
  required?: boolean;
  /** A boolean flag's value in the payload (default true), e.g. `--no-save` sets `save: false`. */
  set?: boolean;
  /** Placeholder in the usage line, e.g. 'N'. */
  value?: string;
  /** json-file: the part of the file that goes into the field (e.g. the list in {"assertions": [...]}). */
  pick?: (json: unknown) => unknown;
  /**
   * The value names a story or sprint of the opened project: a full id or a short id (`PUF-xxxx`), resolved to
   * the full id before any request (src/cli/refs.ts).
   */
  ref?: 'story' | 'sprint';
  /** Codes for a file that cannot be read or parsed (default file_not_found and invalid_json). */
  fileErrors?: { read: ErrorCode; parse: ErrorCode };
}

export type Payload = Record<string, unknown>;

/** A request built from argv: unchecked until the dispatcher checks it against the contract. */
export interface Call {
  channel: RequestChannel;
  payload: Payload;
}

/** What every command prints on success. */
export interface Section6 {
  data: unknown;
  source: GenerationSource | null;
  warnings: string[];
  /** What the calls cost and who answered; {} for a command that made none. */
  meta: object;
}

export interface CliErrorData {
  code: ErrorCode;
  message: string;
  [extra: string]: unknown;
}

/** A failure found while printing an answer (e.g. a generation stored as failed): printed as the error object. */
export class CliFailure extends Error {
  constructor(readonly error: CliErrorData) {
    super(error.message);
    this.name = 'CliFailure';
  }
}

export interface OutputContext {
  /** Another request through the dispatcher; a failure throws CliFailure. */
  call<C extends RequestChannel>(channel: C, payload: RequestOf<C>): Promise<ResponseOf<C>>;
  /** The history records (one per CLI call) made during this command, latest version of each, oldest first. */
  records(): Generation[];
  /** The request the command's channel was sent (after `before` and `resolve`); {} before it is sent. */
  request(): Payload;
}

export interface CommandSpec<C extends RequestChannel = RequestChannel> {
  /** The words that select it, e.g. ['plan', 'analyze']. */
  path: string[];
  summary: string;
  channel: C;
  flags?: FlagSpec[];
  /** Words after the command's, in this order, each required (git's `%O %A %B %P` for the merge driver). */
  positional?: FlagSpec[];
  /** The field stdin fills (read to its end); `what` names it in the usage line. */
  stdin?: { field: string; what: string; trim?: boolean };
  /** Works on a project folder: `--project DIR` is required and opened first (`project:open`), as the app does. */
  project?: boolean;
  /** false: the command runs one engine of its own and takes no --provider, --base-url, --mode or --model. */
  engines?: false;
  /** Groups of flags of which exactly one must be given. */
  oneOf?: string[][];
  /** Fields every request of this command carries or makes fresh (e.g. a new generation id). */
  fixed?: () => Payload;
  /** Requests to make first (e.g. saving --answers-file before generating), taking their fields out. */
  before?(payload: Payload): { calls: Call[]; payload: Payload };
  /** Builds the request from what is stored (e.g. the drafts of a generation), after `before`. */
  resolve?(payload: Payload, ctx: OutputContext): Promise<Payload>;
  /**
   * The one-object output for the channel's answer (`args`: the request as argv gave it, before `before`); by default the
   * answer is `data` and the calls made give the rest.
   */
  output?(value: ResponseOf<C>, ctx: OutputContext, args: Payload): Promise<Section6> | Section6;
  /**
   * Answers as soon as the channel's result is stored instead of waiting for background work (a generated
   * title): that work goes on while the process runs and is cancelled when it ends.
   */
  answerFirst?: boolean;
  /** Exit code of a success (default 0), e.g. 1 when an evaluated assertion failed. */
  exitCode?(value: ResponseOf<C>): number;
}
