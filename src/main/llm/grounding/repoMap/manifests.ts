/**
 * One line per package manifest for the repo map: what the project is called, how it is run and what it builds on.
 * Read as text with small parsers (no TOML or XML dependency); what a parser does not recognise is left out.
 */
import path from 'node:path';

const LIST_LIMIT = 40;

function list(label: string, names: readonly string[]): string | undefined {
  if (names.length === 0) return undefined;
  const shown = names.slice(0, LIST_LIMIT).join(', ');
  return `${label}: ${shown}${names.length > LIST_LIMIT ? `, … +${names.length - LIST_LIMIT}` : ''}`;
}

function keys(value: unknown): string[] {
  return value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value).sort() : [];
}

function packageJson(text: string): string[] {
  const pkg = JSON.parse(text) as Record<string, unknown>;
  const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
  const name = [str(pkg.name), str(pkg.version)].filter(Boolean).join('@');
  const workspaces = Array.isArray(pkg.workspaces)
    ? (pkg.workspaces as unknown[]).filter((w) => typeof w === 'string')
    : [];
  return [
    name || undefined,
    str(pkg.type) && `type ${str(pkg.type)}`,
    str(pkg.main) && `main ${str(pkg.main)}`,
    list('bin', typeof pkg.bin === 'string' ? [String(pkg.name ?? 'bin')] : keys(pkg.bin)),
    list('workspaces', workspaces as string[]),
    list('scripts', keys(pkg.scripts)),
    list('deps', keys(pkg.dependencies)),
    list('dev', keys(pkg.devDependencies)),
    list('peer', keys(pkg.peerDependencies)),
  ].filter((part): part is string => typeof part === 'string');
}

/** `[section]` blocks of a TOML-like file: section name → its `key = value` lines' keys and raw values. */
function tomlSections(text: string): Map<string, Map<string, string>> {
  const sections = new Map<string, Map<string, string>>([['', new Map()]]);
  let current = sections.get('')!;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    const header = /^\[+([^\]]+)\]+$/.exec(line);
    if (header) {
      current = new Map();
      sections.set(header[1]!.trim(), current);
    } else {
      const kv = /^([A-Za-z0-9_.-]+)\s*=\s*(.*)$/.exec(line);
      if (kv) current.set(kv[1]!, kv[2]!.replace(/^["']|["']$/g, ''));
    }
  }
  return sections;
}

function pyproject(text: string): string[] {
  const toml = tomlSections(text);
  const project = toml.get('project') ?? toml.get('tool.poetry') ?? new Map<string, string>();
  const deps = /dependencies\s*=\s*\[([\s\S]*?)\]/.exec(text)?.[1] ?? '';
  const names = [...deps.matchAll(/["']([A-Za-z0-9_.-]+)/g)].map((m) => m[1]!);
  const poetry = [...(toml.get('tool.poetry.dependencies')?.keys() ?? [])].filter((k) => k !== 'python');
  return [
    [project.get('name'), project.get('version')].filter(Boolean).join('@') || undefined,
    list('deps', [...new Set([...names, ...poetry])].sort()),
  ].filter((p): p is string => typeof p === 'string');
}

function cargo(text: string): string[] {
  const toml = tomlSections(text);
  const pkg = toml.get('package') ?? new Map<string, string>();
  return [
    [pkg.get('name'), pkg.get('version')].filter(Boolean).join('@') || undefined,
    list('deps', [...(toml.get('dependencies')?.keys() ?? [])].sort()),
    list('dev', [...(toml.get('dev-dependencies')?.keys() ?? [])].sort()),
  ].filter((p): p is string => typeof p === 'string');
}

function goMod(text: string): string[] {
  const module = /^module\s+(\S+)/m.exec(text)?.[1];
  const go = /^go\s+(\S+)/m.exec(text)?.[1];
  const requires = [...text.matchAll(/^\s*(?:require\s+)?([a-z0-9.-]+\.[a-z]+\/\S+)\s+v\S+/gm)].map(
    (m) => m[1]!,
  );
  return [module, go && `go ${go}`, list('requires', requires)].filter((p): p is string => !!p);
}

function requirements(text: string): string[] {
  const names = text
    .split('\n')
    .map((l) => /^\s*([A-Za-z0-9_.-]+)/.exec(l.replace(/#.*$/, ''))?.[1])
    .filter((n): n is string => !!n);
  return [list('deps', names)].filter((p): p is string => !!p);
}

function composer(text: string): string[] {
  const pkg = JSON.parse(text) as Record<string, unknown>;
  return [
    typeof pkg.name === 'string' ? pkg.name : undefined,
    list('require', keys(pkg.require)),
    list('dev', keys(pkg['require-dev'])),
  ].filter((p): p is string => !!p);
}

function gemfile(text: string): string[] {
  const gems = [...text.matchAll(/^\s*gem\s+["']([^"']+)/gm)].map((m) => m[1]!);
  return [list('gems', gems)].filter((p): p is string => !!p);
}

const SUMMARISERS: Record<string, (text: string) => string[]> = {
  'package.json': packageJson,
  'pyproject.toml': pyproject,
  'Cargo.toml': cargo,
  'go.mod': goMod,
  'requirements.txt': requirements,
  'composer.json': composer,
  Gemfile: gemfile,
};

export function isManifest(rel: string): boolean {
  return path.posix.basename(rel) in SUMMARISERS;
}

/** `package.json: app@1.0.0; type module; scripts: build, test; deps: react`, or null when it is not one. */
export function summariseManifest(rel: string, text: string): string | null {
  const summarise = SUMMARISERS[path.posix.basename(rel)];
  if (!summarise) return null;
  try {
    const parts = summarise(text);
    return parts.length > 0 ? parts.join('; ') : null;
  } catch {
    return 'unreadable (not valid for its format)';
  }
}
