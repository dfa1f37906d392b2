// Which published Claude Code CLI builds `npm run test:cli-builds` measures, and where they are installed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const CLI_PACKAGE = '@anthropic-ai/claude-code';

const RELEASE = /^(\d+)\.(\d+)\.(\d+)$/;

/** Numeric order of plain x.y.z versions. */
export function compareVersions(a, b) {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i] - pb[i];
  return 0;
}

/**
 * From 1.0 on: the last release of every minor line but the newest, the first release of the newest line, the
 * pinned builds (the repo's devDependencies) and the newest release. Pre-releases and 0.x are left out.
 */
export function pickBuilds(published, pinned = []) {
  const releases = published.filter((v) => RELEASE.test(v) && Number(v.split('.')[0]) >= 1);
  releases.sort(compareVersions);
  if (releases.length === 0) return [];
  const lines = new Map();
  for (const v of releases) {
    const line = v.split('.').slice(0, 2).join('.');
    lines.set(line, [...(lines.get(line) ?? []), v]);
  }
  const byLine = [...lines.values()];
  const picked = new Set(byLine.slice(0, -1).map((line) => line.at(-1)));
  picked.add(byLine.at(-1)[0]);
  for (const v of pinned) if (releases.includes(v)) picked.add(v);
  picked.add(releases.at(-1));
  return [...picked].sort(compareVersions);
}

/** The exact CLI versions the repo's package.json pins (`x.y.z` or `npm:@anthropic-ai/claude-code@x.y.z`). */
export function pinnedVersions(manifest) {
  const deps = { ...manifest.dependencies, ...manifest.devDependencies };
  return Object.entries(deps).flatMap(([name, spec]) => {
    const aliased = spec.startsWith(`npm:${CLI_PACKAGE}@`) ? spec.slice(`npm:${CLI_PACKAGE}@`.length) : null;
    const version = name === CLI_PACKAGE ? spec : aliased;
    return version && RELEASE.test(version) ? [version] : [];
  });
}

/** PUFFIN_CLI_BUILDS_CACHE, else the user's cache folder (outside the repo: builds are large). */
export function cacheRoot(env = process.env) {
  if (env.PUFFIN_CLI_BUILDS_CACHE) return env.PUFFIN_CLI_BUILDS_CACHE;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'puffin', 'cli-builds');
}

/**
 * True when `prefix` holds this version, runnable: a cli.js build, or a native one whose per-platform package
 * (an optional dependency npm may skip) brought its binary.
 */
export function isInstalled(prefix, version) {
  const scope = join(prefix, 'node_modules', '@anthropic-ai');
  const manifestPath = join(scope, 'claude-code', 'package.json');
  if (!existsSync(manifestPath)) return false;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  if (manifest.version !== version) return false;
  if (String(manifest.bin?.claude ?? '').endsWith('.js')) return true;
  return readdirSync(scope).some(
    (dir) =>
      dir.startsWith('claude-code-') &&
      (existsSync(join(scope, dir, 'claude')) || existsSync(join(scope, dir, 'claude.exe'))),
  );
}
