/**
 * Windows limits the command line, and the output schema travels on it (`--json-schema` takes a JSON string, not a
 * path; the assertions schemas are 14 KB). A direct CreateProcess (claude.exe, or node + cli.js: what locateCli
 * resolves an npm shim to) allows 32,767 characters; a launcher run through cmd.exe (a .cmd/.bat we could not
 * resolve) allows 8,191, and cmd's escaping (doubled for a shim, which re-parses %*) triples a JSON string.
 * This computes the line exactly as it will be built, drops the schema's annotations (description, $comment,
 * examples, title: words for the model, not constraints) when that is what it takes to fit cmd.exe's line, and
 * refuses with a typed error, before anything is spawned, what still does not fit.
 */
import { PromptError } from '../../llm/errors';
import { cmdShimInvocation, type CmdInvocation } from './windowsShim';

/** CreateProcess's lpCommandLine, terminating NUL excluded. */
export const CREATE_PROCESS_LIMIT = 32_766;
/** The longest command cmd.exe accepts. */
export const CMD_LINE_LIMIT = 8_191;

/** One argument as libuv's quote_cmd_arg writes it for CommandLineToArgvW (what Node's spawn does on Windows). */
export function quoteWindowsArg(arg: string): string {
  if (arg === '') return '""';
  if (!/[ \t"]/.test(arg)) return arg;
  if (!/["\\]/.test(arg)) return `"${arg}"`;
  let out = '"';
  let backslashes = 0;
  for (const c of arg) {
    if (c === '\\') {
      backslashes++;
      continue;
    }
    out += c === '"' ? `${'\\'.repeat(2 * backslashes + 1)}"` : `${'\\'.repeat(backslashes)}${c}`;
    backslashes = 0;
  }
  return `${out}${'\\'.repeat(2 * backslashes)}"`;
}

/** The command line Windows receives for `command args` (verbatim: the arguments as they are, cmd.exe's route). */
export function windowsCommandLine(command: string, args: readonly string[], verbatim = false): string {
  return [quoteWindowsArg(command), ...args.map((a) => (verbatim ? a : quoteWindowsArg(a)))].join(' ');
}

const ANNOTATIONS = new Set(['description', '$comment', 'examples', 'title']);
/** Keywords whose value is a schema, a list of schemas, or a map of names to schemas. */
const SUBSCHEMA = new Set(['items', 'additionalItems', 'additionalProperties', 'not', 'if', 'then', 'else']);
const SUBSCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'items']);
const SUBSCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependencies']);

/**
 * The schema without annotation keywords, at schema positions only (a property named "description" stays):
 * validation is unchanged, the model loses only the hints.
 */
export function withoutAnnotations(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutAnnotations);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key)) continue;
    if (SUBSCHEMA_MAPS.has(key) && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutAnnotations(v)]));
    } else if (SUBSCHEMA.has(key) || (SUBSCHEMA_LISTS.has(key) && Array.isArray(value))) {
      out[key] = withoutAnnotations(value);
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** The same arguments with the `--json-schema` value stripped of its annotations. */
export function compactSchemaArgs(args: readonly string[]): string[] {
  const at = args.indexOf('--json-schema');
  if (at < 0 || at + 1 >= args.length) return [...args];
  const out = [...args];
  out[at + 1] = JSON.stringify(withoutAnnotations(JSON.parse(args[at + 1]!)));
  return out;
}

/**
 * cmd.exe's invocation of an unresolved shim, within cmd.exe's limit: as it is, else with the schema's annotations
 * dropped, else a typed refusal saying how to avoid cmd.exe.
 */
export function fittingCmdInvocation(
  shimPath: string,
  args: readonly string[],
  comspec?: string,
): CmdInvocation {
  const fits = (inv: CmdInvocation) =>
    windowsCommandLine(inv.command, inv.args, true).length <= CMD_LINE_LIMIT;
  const full = cmdShimInvocation(shimPath, args, comspec);
  if (fits(full)) return full;
  const compact = cmdShimInvocation(shimPath, compactSchemaArgs(args), comspec);
  if (fits(compact)) return compact;
  throw new PromptError('command_too_long', {
    detail: `${windowsCommandLine(compact.command, compact.args, true).length} characters through ${shimPath}`,
    diagnostics: { cliPath: shimPath },
  });
}
