/**
 * The one argument parser of every headless command: `--flag value` or `--flag=value`, per the command's spec.
 * It refuses what only argv can get wrong (unknown or repeated flags, a missing value or required flag, stray
 * words) as `invalid_arguments`, reads the files and stdin the spec names, and leaves judging the values to
 * the contract.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  isProviderName,
  OUTPUT_MODES,
  PROVIDER_NAMES,
  type OutputMode,
  type ProviderName,
} from '../shared/engines';
import type { ErrorCode } from '../shared/errors';
import { readStdin, type CliIo } from './io';
import type { CommandSpec, FlagSpec, Payload } from './spec';

export class ArgError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ArgError';
  }
}

/** `--project DIR` of the commands that work on a project. */
export const PROJECT_FLAG: FlagSpec = { flag: 'project', kind: 'path', required: true, value: 'DIR' };
/** `--hermetic`: the project's generations may not read it (they are grounded in it by default). */
export const HERMETIC_FLAG: FlagSpec = { flag: 'hermetic', kind: 'boolean' };

/**
 * The engine of a project command's calls (other engines): `--provider P` with `--base-url URL` and
 * `--mode auto|native|tool`, and `--model M` where the command has no model of its own.
 */
export const PROVIDER_FLAG: FlagSpec = { flag: 'provider', kind: 'string', value: PROVIDER_NAMES.join('|') };
export const BASE_URL_FLAG: FlagSpec = { flag: 'base-url', kind: 'string', value: 'URL' };
export const MODE_FLAG: FlagSpec = { flag: 'mode', kind: 'string', value: OUTPUT_MODES.join('|') };
export const ENGINE_MODEL_FLAG: FlagSpec = { flag: 'model', kind: 'string', value: 'M' };

/** `--verbose`, taken by every command (so not listed per command): activity lines on stderr. */
export const VERBOSE_FLAG: FlagSpec = { flag: 'verbose', kind: 'boolean' };

export interface ParsedArgs {
  payload: Payload;
  /** The folder of `--project`, for the commands that open one. */
  project?: string;
  verbose?: boolean;
  /** `--hermetic` was given: the project is opened without letting the model read it. */
  hermetic?: boolean;
  /** The engine flags of a project command: every call it makes that names no engine uses this one. */
  engine?: EngineChoice;
}

export interface EngineChoice {
  provider?: ProviderName;
  defaultModel?: string;
  baseUrl?: string;
  mode?: OutputMode;
}

const ENGINE_FLAGS = [PROVIDER_FLAG, BASE_URL_FLAG, MODE_FLAG];

export function flagsOf(spec: CommandSpec): FlagSpec[] {
  return spec.project ? [PROJECT_FLAG, HERMETIC_FLAG, ...(spec.flags ?? [])] : (spec.flags ?? []);
}

/** The engine flags a project command takes besides its own (not in its usage line: the help says them once). */
function engineFlagsOf(spec: CommandSpec): FlagSpec[] {
  if (!spec.project || spec.engines === false) return [];
  const ownModel = (spec.flags ?? []).some((f) => f.flag === 'model');
  return ownModel ? ENGINE_FLAGS : [...ENGINE_FLAGS, ENGINE_MODEL_FLAG];
}

/** One engine flag's value into the choice, refusing a provider or mode that does not exist. */
function chooseEngine(engine: EngineChoice, flag: FlagSpec, value: string): void {
  if (flag === PROVIDER_FLAG) {
    if (!isProviderName(value))
      throw new ArgError('invalid_arguments', `--provider must be one of ${PROVIDER_NAMES.join(', ')}`);
    engine.provider = value;
  } else if (flag === MODE_FLAG) {
    if (!(OUTPUT_MODES as readonly string[]).includes(value))
      throw new ArgError('invalid_arguments', `--mode must be one of ${OUTPUT_MODES.join(', ')}`);
    engine.mode = value as OutputMode;
  } else if (flag === BASE_URL_FLAG) engine.baseUrl = value;
  else engine.defaultModel = value;
}

/** Which flags were given, with their raw text (true for a boolean flag); words fill `positional` in order. */
function tokenize(
  flags: FlagSpec[],
  argv: string[],
  positional: readonly FlagSpec[] = [],
): Map<FlagSpec, string | true> {
  const given = new Map<FlagSpec, string | true>();
  let words = 0;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--') && words < positional.length) {
      given.set(positional[words++]!, arg);
      continue;
    }
    if (!arg.startsWith('--')) throw new ArgError('invalid_arguments', `unexpected argument "${arg}"`);
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    const flag = flags.find((f) => f.flag === name);
    if (!flag) throw new ArgError('invalid_arguments', `unknown option --${name}`);
    if (given.has(flag)) throw new ArgError('invalid_arguments', `--${name} is given twice`);
    if (flag.kind === 'boolean') {
      if (eq !== -1) throw new ArgError('invalid_arguments', `--${name} takes no value`);
      given.set(flag, true);
      continue;
    }
    const next = argv[i + 1];
    const value =
      eq !== -1 ? arg.slice(eq + 1) : next !== undefined && !next.startsWith('--') ? next : undefined;
    if (value === undefined) throw new ArgError('invalid_arguments', `--${name} needs a value`);
    if (eq === -1) i++;
    given.set(flag, value);
  }
  return given;
}

function checkPresence(spec: CommandSpec, flags: FlagSpec[], given: Map<FlagSpec, unknown>): void {
  const named = (name: string) => [...given.keys()].some((f) => f.flag === name);
  for (const p of spec.positional ?? [])
    if (!given.has(p)) throw new ArgError('invalid_arguments', `${p.value ?? p.flag} is required`);
  for (const f of flags)
    if (f.required && !given.has(f)) throw new ArgError('invalid_arguments', `--${f.flag} is required`);
  for (const group of spec.oneOf ?? []) {
    const count = group.filter(named).length;
    const list = group.map((g) => `--${g}`).join(' or ');
    if (count !== 1)
      throw new ArgError('invalid_arguments', count === 0 ? `give ${list}` : `give ${list}, not both`);
  }
}

/** An integer's text becomes the number; anything else stays text, for the contract to refuse. */
function integer(text: string): number | string {
  return /^[+-]?\d+$/.test(text.trim()) ? Number(text) : text;
}

/** A decimal number's text (`12`, `0.5`, `-3`) becomes the number; anything else stays text. */
function decimal(text: string): number | string {
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(text.trim()) ? Number(text) : text;
}

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

async function readFlagFile(flag: FlagSpec, file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    const code = flag.fileErrors?.read ?? 'file_not_found';
    throw new ArgError(code, `cannot read --${flag.flag} ${file}: ${(err as Error).message}`);
  }
}

async function convert(flag: FlagSpec, raw: string | true, cwd: string): Promise<unknown> {
  if (raw === true) return flag.set ?? true;
  const file = () => path.resolve(cwd, raw);
  switch (flag.kind) {
    case 'string':
    case 'boolean':
      return raw;
    case 'path':
      return raw === '' ? raw : file();
    case 'integer':
      return integer(raw);
    case 'number':
      return decimal(raw);
    case 'integers':
      return list(raw).map(integer);
    case 'list':
      return list(raw);
    case 'text-file':
      return (await readFlagFile(flag, file())).trim();
    case 'json-file': {
      const text = await readFlagFile(flag, file());
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (err) {
        const code = flag.fileErrors?.parse ?? 'invalid_json';
        throw new ArgError(code, `--${flag.flag} ${file()} is not valid JSON: ${(err as Error).message}`);
      }
      return flag.pick ? flag.pick(json) : json;
    }
  }
}

/** argv (after the command's words) → the payload of the command's channel, and the project folder. */
export async function parseArgs(spec: CommandSpec, argv: string[], io: CliIo): Promise<ParsedArgs> {
  const flags = flagsOf(spec);
  const given = tokenize([...flags, ...engineFlagsOf(spec), VERBOSE_FLAG], argv, spec.positional);
  checkPresence(spec, flags, given);
  const cwd = io.cwd ?? process.cwd();
  const payload: Payload = spec.fixed ? spec.fixed() : {};
  const parsed: ParsedArgs = { payload };
  for (const [flag, raw] of given) {
    const value = await convert(flag, raw, cwd);
    if (flag === PROJECT_FLAG) parsed.project = value as string;
    else if (flag === VERBOSE_FLAG) parsed.verbose = true;
    else if (flag === HERMETIC_FLAG) parsed.hermetic = true;
    else if ([...ENGINE_FLAGS, ENGINE_MODEL_FLAG].includes(flag))
      chooseEngine((parsed.engine ??= {}), flag, value as string);
    else if (flag.field) payload[flag.field] = value;
  }
  if (spec.stdin) {
    const text = await readStdin(io);
    payload[spec.stdin.field] = spec.stdin.trim ? text.trim() : text;
  }
  return parsed;
}
