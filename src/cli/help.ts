/** Usage text generated from the command specs, so `--help` lists exactly the commands and flags there are. */
import { flagsOf } from './args';
import type { CommandSpec, FlagSpec } from './spec';

const PLACEHOLDER: Record<FlagSpec['kind'], string> = {
  string: 'VALUE',
  path: 'PATH',
  integer: 'N',
  number: 'N',
  integers: 'N,M',
  list: 'A,B',
  boolean: '',
  'text-file': 'FILE',
  'json-file': 'FILE',
};

function flagText(f: FlagSpec): string {
  const value = f.kind === 'boolean' ? '' : ` ${f.value ?? PLACEHOLDER[f.kind]}`;
  return `--${f.flag}${value}`;
}

/** `puffin plan refine --project DIR --sprint ID --feedback-file FILE`, with [optional] flags and stdin. */
export function usage(spec: CommandSpec): string {
  const grouped = new Set((spec.oneOf ?? []).flat());
  const flags = flagsOf(spec);
  const words = (spec.positional ?? []).map((p) => p.value ?? p.flag.toUpperCase());
  const parts = flags
    .filter((f) => !grouped.has(f.flag))
    .map((f) => (f.required ? flagText(f) : `[${flagText(f)}]`));
  for (const group of spec.oneOf ?? []) {
    const alternatives = group.map((name) => flags.find((f) => f.flag === name)!).map(flagText);
    parts.push(`(${alternatives.join(' | ')})`);
  }
  const stdin = spec.stdin ? `  (${spec.stdin.what} on stdin)` : '';
  return `puffin ${[...spec.path, ...words, ...parts].join(' ')}${stdin}`;
}

export function helpText(
  commands: readonly CommandSpec[],
  servers: readonly { usage: string; summary: string }[] = [],
): string {
  const lines = [
    ...commands.flatMap((c) => [`  ${usage(c)}`, `      ${c.summary}`]),
    ...servers.flatMap((s) => [`  ${s.usage}`, `      ${s.summary}`]),
  ];
  return [
    'usage: puffin <command> [options]   (`puffin <command> --help` for one command; `puffin --version`)',
    '',
    ...lines,
    '',
    'Each prints one JSON object on stdout: {"data", "source", "warnings", "meta"} (exit 0), or',
    '{"error": {"code", "message"}} (exit 1). Every command takes --verbose: what runs (log lines and',
    'progress) is written to stderr as it happens. Every --project command takes --provider P, --model M,',
    '--base-url URL and --mode auto|native|tool: the engine of all its calls (default claude-cli).',
    'Every --story, --sprint and --stories option takes a full id or a short id (PUF-xxxx, the shortId',
    'that `stories list` and `sprint list` print).',
    '',
  ].join('\n');
}
