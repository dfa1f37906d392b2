#!/usr/bin/env node
// `npm run test:cli-builds`: installs published Claude Code CLI builds into a cache (once each), runs the real-CLI
// scenarios against every one (test/cli-builds/build.probe.ts) and writes docs/cli-builds.md from what they did.
// Not part of `npm test`: it needs the npm registry and room for several CLI builds.
//   --versions a,b,c   measure these instead of the picked ones
//   --render-only      rewrite the doc from the reports already in the cache
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { cacheRoot, CLI_PACKAGE, isInstalled, pickBuilds, pinnedVersions } from './cliBuildsPlan.mjs';
import { renderBuildsDoc } from './cliBuildsTable.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const cache = cacheRoot();

function say(line) {
  process.stdout.write(`${line}\n`);
}

function fail(message) {
  process.stderr.write(`cli-builds: ${message}\n`);
  process.exit(1);
}

function publishedVersions() {
  const r = spawnSync(npm, ['view', CLI_PACKAGE, 'versions', '--json'], { encoding: 'utf8' });
  if (r.status !== 0) fail(`npm view ${CLI_PACKAGE} failed (is the registry reachable?): ${r.stderr.trim()}`);
  return JSON.parse(r.stdout);
}

function chosenVersions() {
  const given = option('--versions');
  if (given)
    return given
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return pickBuilds(publishedVersions(), pinnedVersions(manifest));
}

/** npm installs the per-platform binary of native builds as an optional dependency; a build without it is useless. */
function install(version) {
  const prefix = join(cache, version);
  if (isInstalled(prefix, version)) return prefix;
  rmSync(prefix, { recursive: true, force: true });
  mkdirSync(prefix, { recursive: true });
  say(`installing ${CLI_PACKAGE}@${version} into ${prefix}`);
  const r = spawnSync(
    npm,
    ['install', '--prefix', prefix, `${CLI_PACKAGE}@${version}`, '--no-save', '--no-audit', '--no-fund'],
    { stdio: 'inherit' },
  );
  if (r.status !== 0 || !isInstalled(prefix, version)) {
    fail(`${CLI_PACKAGE}@${version} did not install with its binary into ${prefix}`);
  }
  return prefix;
}

function probe(version, prefix) {
  const report = join(prefix, 'report.json');
  rmSync(report, { force: true });
  say(`\n▶ CLI ${version}`);
  const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
  const r = spawnSync(process.execPath, [vitest, 'run', '--config', 'test/cli-builds/vitest.config.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PUFFIN_CLI_BUILD: prefix, PUFFIN_CLI_BUILD_REPORT: report },
  });
  if (!existsSync(report)) fail(`the probe of ${version} wrote no report (vitest exit ${r.status})`);
  return r.status === 0;
}

const versions = chosenVersions();
if (versions.length === 0) fail('no CLI build to measure');
say(`CLI builds: ${versions.join(', ')} (cache ${cache})`);
const differing = [];
for (const version of versions) {
  const prefix = args.includes('--render-only') ? join(cache, version) : install(version);
  if (!args.includes('--render-only') && !probe(version, prefix)) differing.push(version);
}
const reports = versions.map((v) => {
  const file = join(cache, v, 'report.json');
  if (!existsSync(file)) fail(`no report for ${v} in ${file}: run without --render-only`);
  return JSON.parse(readFileSync(file, 'utf8'));
});
const doc = join(root, 'docs', 'cli-builds.md');
const text = renderBuildsDoc(reports, { measuredOn: new Date().toISOString().slice(0, 10) });
// Formatted as `npm run lint` checks it (aligned table columns).
writeFileSync(doc, await format(text, { ...(await resolveConfig(doc)), filepath: doc }));
say(`\nwrote ${doc}`);
// A build where Puffin does not do what it does on the pinned builds is what the doc is for, not a failed run.
if (differing.length) say(`Puffin differs from the pinned builds on: ${differing.join(', ')} (see the doc)`);
