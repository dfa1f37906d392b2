/**
 * Files a grounded call never reads unless the project settings allow them: secrets that live in many projects'
 * folders (`.env*`, private keys and keystores, package-registry and netrc credentials) and git's own folder (its
 * config can hold a remote URL with a token). Patterns are relative to the project root, gitignore-style, which is
 * also how the Claude Code CLI reads the path of a `Read(...)` permission rule (`**` = any folders, none included).
 */
import ignore, { type Ignore } from 'ignore';

export interface SensitivePattern {
  pattern: string;
  what: string;
}

export const SENSITIVE_PATTERNS: readonly SensitivePattern[] = [
  { pattern: '**/.env*', what: 'environment file' },
  { pattern: '**/*.pem', what: 'certificate or private key' },
  { pattern: '**/*.key', what: 'private key' },
  { pattern: '**/*.p12', what: 'keystore' },
  { pattern: '**/*.pfx', what: 'keystore' },
  { pattern: '**/*.jks', what: 'keystore' },
  { pattern: '**/*.keystore', what: 'keystore' },
  { pattern: '**/id_rsa*', what: 'SSH key' },
  { pattern: '**/id_dsa*', what: 'SSH key' },
  { pattern: '**/id_ecdsa*', what: 'SSH key' },
  { pattern: '**/id_ed25519*', what: 'SSH key' },
  { pattern: '**/.npmrc', what: 'registry credentials' },
  { pattern: '**/.pypirc', what: 'registry credentials' },
  { pattern: '**/.netrc', what: 'network credentials' },
  { pattern: '**/.git-credentials', what: 'git credentials' },
  { pattern: '**/*.kdbx', what: 'password database' },
  { pattern: '.git/**', what: "git's own folder" },
];

/** Bounded: patterns come from project settings, which a user may change many times in one session. */
const COMPILED_LIMIT = 256;
const compiled = new Map<string, Ignore>();

/**
 * Whether a relative, forward-slash path matches a gitignore-style pattern, as git would read it (the `ignore`
 * package): `dir/` also matches the folder itself and what is below it.
 */
export function matchesPattern(pattern: string, rel: string): boolean {
  const trimmed = pattern.replace(/^\.\//, '');
  let matcher = compiled.get(trimmed);
  if (!matcher) {
    matcher = ignore().add(trimmed);
    compiled.set(trimmed, matcher);
    if (compiled.size > COMPILED_LIMIT) compiled.delete(compiled.keys().next().value as string);
  }
  const path = rel.replace(/\/+$/, '');
  if (path === '' || path.startsWith('../') || path.startsWith('/')) return false;
  // The path named as a folder too: a `dir/` rule matches the folder whether or not the caller wrote its slash.
  return matcher.ignores(path) || matcher.ignores(`${path}/`);
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One regular expression that every path some pattern matches also matches (case aside, as git's matcher ignores
 * it): a file or folder name matching a `**\/name` glob, or a path below an `x/**` folder (either slash counts, as
 * the matcher reads a Windows path). A map asks about every file of the project, nearly all of which match nothing:
 * they cost one test instead of two matcher calls per pattern. A pattern of another form makes the filter pass
 * everything, so it never decides alone.
 */
export function prefilterOf(patterns: readonly string[]): RegExp {
  const names: string[] = [];
  const folders: string[] = [];
  for (const pattern of patterns) {
    const name = /^\*\*\/([^/*?[\]\\!\s]*(?:\*[^/*?[\]\\!\s]*)*)$/.exec(pattern)?.[1];
    const folder = /^([^/*?[\]\\!\s]+)\/\*\*$/.exec(pattern)?.[1];
    if (name) names.push(name.split('*').map(escapeRegExp).join('[^/]*'));
    else if (folder) folders.push(escapeRegExp(folder));
    else return /(?:)/;
  }
  const alternatives = [
    ...(names.length ? [`(?:^|[/\\\\])(?:${names.join('|')})(?:[/\\\\]|$)`] : []),
    ...(folders.length ? [`^(?:${folders.join('|')})[/\\\\]`] : []),
  ];
  return new RegExp(alternatives.length ? alternatives.join('|') : '(?!)', 'i');
}

const SENSITIVE_PREFILTER = prefilterOf(SENSITIVE_PATTERNS.map((p) => p.pattern));

/** The first default pattern a path matches, if any. */
export function sensitiveMatch(rel: string): SensitivePattern | undefined {
  if (!SENSITIVE_PREFILTER.test(rel)) return undefined;
  return SENSITIVE_PATTERNS.find((p) => matchesPattern(p.pattern, rel));
}
