/**
 * What a grounded call may read inside the project, as one policy used twice: turned into the CLI's own deny rules
 * before the call (the engine refuses), and asked again after it about every path the model touched (Puffin checks).
 * Pure: the project's file list and git's ignored list come in as data.
 */
import type { RefusalReason } from '../../../shared/grounding';
import { matchesPattern, SENSITIVE_PATTERNS, sensitiveMatch } from './sensitive';

export interface GroundingPolicyInput {
  /**
   * Paths or gitignore-style patterns, relative to the project, the user allows although they are sensitive or
   * git-ignored (project settings). A folder is allowed with everything below it.
   */
  allow?: readonly string[];
  /**
   * What git ignores, relative, folders ending in `/`, as `git ls-files --others --ignored --exclude-standard
   * --directory` lists it (one entry per ignored folder, not its contents).
   */
  ignored?: readonly string[];
  /** Every file of the project, relative: lets a default rule that the user partly allowed name its files one by one. */
  files?: readonly string[];
}

export interface GroundingPolicy {
  /** `Read(...)` rules for `--disallowedTools`; the CLI applies them to Read, Glob and Grep alike. */
  denyRules: string[];
  /** What the engine will not refuse by itself (Puffin's check still does). */
  warnings: string[];
  /** Why a path inside the project may not be read, or null when it may. */
  classify(rel: string): Exclude<RefusalReason, 'outside'> | null;
}

/**
 * Above this many rules (or characters of rules) the git-ignored entries are left to Puffin's check: command lines
 * are bounded (32,767 characters on Windows, where the largest schema already takes about 16,000) and a huge list
 * slows every permission check of the CLI.
 */
export const MAX_RULES = 300;
export const MAX_RULE_CHARS = 6_000;

/**
 * A literal path as a rule pattern. Both CLI builds mis-read some characters in a rule (2.1.186 splits the argument
 * at spaces; neither matches a name with parentheses or brackets), and `?` matches any one of them: measured, a rule
 * `Read(./name?with??parens???x?.ts)` refuses "name with (parens) [x].ts" in both. Letters beyond ASCII are kept.
 */
export function ruleLiteral(rel: string): string {
  return rel.replace(/[^A-Za-z0-9._/@+~\u0080-\uFFFF-]/g, '?');
}

/** `Read(./a/b)` for a rooted pattern, `Read(**\/x)` for one that already starts with `**`. */
export function readRule(pattern: string): string {
  const p = pattern.replace(/^\.\//, '');
  return p.startsWith('**/') ? `Read(${p})` : `Read(./${p})`;
}

function normalize(rel: string): string {
  return rel
    .replace(/\\/g, '/')
    .replace(/^(\.\/)+/, '')
    .replace(/\/+$/, '');
}

export function buildGroundingPolicy(input: GroundingPolicyInput = {}): GroundingPolicy {
  const allow = (input.allow ?? []).map((a) => a.trim()).filter((a) => a !== '');
  const files = (input.files ?? []).map(normalize);
  const ignored = (input.ignored ?? []).map((e) => ({ path: normalize(e), dir: e.endsWith('/') }));
  // Looked up by the path and each of its folders: a map asks about every file, git may ignore thousands of entries.
  const ignoredPaths = new Set(ignored.map((e) => e.path));
  const ignoredDirs = new Set(ignored.filter((e) => e.dir).map((e) => e.path));
  const isIgnored = (p: string): boolean => {
    if (ignoredPaths.has(p)) return true;
    if (ignoredDirs.size === 0) return false;
    for (let slash = p.indexOf('/'); slash >= 0; slash = p.indexOf('/', slash + 1))
      if (ignoredDirs.has(p.slice(0, slash))) return true;
    return false;
  };
  const isAllowed = (rel: string): boolean =>
    allow.some((a) => matchesPattern(a, rel) || matchesPattern(`${a}/`, rel));

  const warnings: string[] = [];
  const sensitiveRules: string[] = [];
  for (const { pattern } of SENSITIVE_PATTERNS) {
    const matching = files.filter((f) => matchesPattern(pattern, f));
    const partlyAllowed =
      matching.some(isAllowed) || allow.some((a) => matchesPattern(pattern, normalize(a)));
    if (!partlyAllowed) {
      sensitiveRules.push(readRule(pattern));
      continue;
    }
    // The CLI has no "except" in a rule: name each file the user did not allow.
    for (const f of matching) if (!isAllowed(f)) sensitiveRules.push(readRule(ruleLiteral(f)));
    warnings.push(
      `new files matching ${pattern} are not refused by the engine (some are allowed in the project settings); Puffin's check still flags them`,
    );
  }

  const ignoredRules = ignored
    .filter((e) => e.path !== '' && !isAllowed(e.path))
    .map((e) => readRule(e.dir ? `${ruleLiteral(e.path)}/**` : ruleLiteral(e.path)));

  const denyRules = [...new Set(sensitiveRules)];
  let chars = denyRules.join('').length;
  let left = 0;
  for (const rule of new Set(ignoredRules)) {
    if (denyRules.length >= MAX_RULES || chars + rule.length > MAX_RULE_CHARS) left++;
    else {
      denyRules.push(rule);
      chars += rule.length;
    }
  }
  if (left > 0) {
    warnings.push(
      `${left} git-ignored entries are past the rule limit: the engine may read them, Puffin's check flags them`,
    );
  }

  return {
    denyRules,
    warnings,
    classify(rel) {
      const p = normalize(rel);
      if (isAllowed(p)) return null;
      if (sensitiveMatch(p)) return 'sensitive';
      return isIgnored(p) ? 'ignored' : null;
    },
  };
}
