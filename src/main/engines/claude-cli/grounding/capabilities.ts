/**
 * Which confinement flags a CLI build has, read from its `--help` (a feature is there or not; no guessing from
 * version numbers). Measured in print mode against the mock API:
 *
 * | flag                                   | 2.1.330                                   | 2.1.186                       |
 * | -------------------------------------- | ----------------------------------------- | ----------------------------- |
 * | `--tools Read,Glob,Grep`               | only these (and StructuredOutput) offered | same                          |
 * | `--restricted`                         | file tools confined to the cwd, settings  | unknown option, exit 1        |
 * |                                        | files ignored                             |                               |
 * | `--setting-sources ""`                 | user/project/local settings ignored       | same                          |
 * | `--disallowedTools 'Read(<pattern>)'`  | refuses Read, Glob and Grep on the path   | same; splits a value at space |
 */

export interface CliCapabilities {
  /** `x.y.z` from `--version`, null when it printed none. */
  version: string | null;
  /** `--tools`: the built-in tool list (without it nothing limits what is offered). */
  tools: boolean;
  /** `--restricted`: the CLI itself confines the file tools to the working directory. */
  restricted: boolean;
  /** `--setting-sources`: user and project settings files (which can allow reads outside) can be left out. */
  settingSources: boolean;
  /** `--disallowedTools`: deny rules for sensitive paths. */
  disallowedTools: boolean;
}

function hasFlag(help: string, flag: string): boolean {
  return new RegExp(`(^|[\\s,])${flag.replace(/-/g, '\\-')}(?=[\\s,=<]|$)`, 'm').test(help);
}

export function parseCliCapabilities(helpText: string, versionText: string): CliCapabilities {
  return {
    version: /(\d+\.\d+\.\d+)/.exec(versionText)?.[1] ?? null,
    tools: hasFlag(helpText, '--tools'),
    restricted: hasFlag(helpText, '--restricted'),
    settingSources: hasFlag(helpText, '--setting-sources'),
    disallowedTools: hasFlag(helpText, '--disallowedTools') || hasFlag(helpText, '--disallowed-tools'),
  };
}

/** What a grounded call cannot do without, on this build; empty when it can be confined. */
export function missingForGrounding(caps: CliCapabilities): string[] {
  const missing: string[] = [];
  if (!caps.tools) missing.push('--tools');
  if (!caps.disallowedTools) missing.push('--disallowedTools');
  if (!caps.restricted && !caps.settingSources) missing.push('--restricted or --setting-sources');
  return missing;
}
