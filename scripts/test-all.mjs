#!/usr/bin/env node
// `npm test`: lint, typecheck, unit (vitest) and e2e (Playwright in Chromium), then ONE closing line
// "N passed, N failed[, N skipped]" summed over every suite (lint and typecheck count as one check each).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, '.reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const bin = (name) => join(root, 'node_modules', '.bin', name);
const totals = { passed: 0, failed: 0, skipped: 0 };
const notes = [];

function run(label, cmd, args, env = {}) {
  process.stdout.write(`\n▶ ${label}\n`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

function check(label, ok) {
  if (ok) totals.passed++;
  else {
    totals.failed++;
    notes.push(`${label} failed`);
  }
}

check('eslint', run('eslint', bin('eslint'), ['.']));
check('prettier', run('prettier --check', bin('prettier'), ['--check', '.', '--log-level', 'warn']));
check('typecheck (node)', run('tsc (node)', bin('tsc'), ['-p', 'tsconfig.node.json', '--noEmit']));
check('typecheck (web)', run('tsc (web)', bin('tsc'), ['-p', 'tsconfig.web.json', '--noEmit']));

// The prebuilt CLI and host, once, before the tests that start them in parallel.
check('prebuilt headless bundle', run('prebuild', process.execPath, [join(root, 'scripts', 'prebuilt.mjs')]));

const vitestJson = join(reports, 'vitest.json');
const unitOk = run('vitest', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
if (existsSync(vitestJson)) {
  const v = JSON.parse(readFileSync(vitestJson, 'utf8'));
  totals.passed += v.numPassedTests;
  totals.failed += v.numFailedTests;
  totals.skipped += v.numPendingTests + v.numTodoTests;
  // A file that failed to load has no tests counted; make it count.
  const brokenFiles = v.testResults.filter(
    (f) => f.status === 'failed' && f.assertionResults.length === 0,
  ).length;
  totals.failed += brokenFiles;
  if (!unitOk && v.numFailedTests + brokenFiles === 0) check('vitest run', false);
} else check('vitest run (no report)', false);

// Without a Chromium, Playwright fails with a launch error that does not say what to install: say it here.
const chromium = [process.env.PUFFIN_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p) => p && existsSync(p),
);
if (!chromium) {
  process.stdout.write(
    '\n▶ playwright: no Chromium found (looked at $PUFFIN_CHROMIUM, /usr/bin/chromium, /usr/bin/chromium-browser).\n' +
      '  Install it (Debian/Ubuntu: sudo apt-get install chromium) or set PUFFIN_CHROMIUM to a Chromium or Chrome binary.\n',
  );
}
const pwJson = join(reports, 'playwright.json');
const e2eOk =
  chromium !== undefined &&
  run('playwright (Chromium via the browser host)', bin('playwright'), ['test'], {
    PW_JSON_OUTPUT: pwJson,
  });
if (existsSync(pwJson)) {
  const p = JSON.parse(readFileSync(pwJson, 'utf8'));
  totals.passed += p.stats.expected + p.stats.flaky;
  totals.failed += p.stats.unexpected;
  totals.skipped += p.stats.skipped;
  for (const suite of p.suites ?? [])
    for (const spec of walk(suite))
      for (const t of spec.tests)
        for (const r of t.results)
          for (const a of r.annotations ?? [])
            if (a.type === 'skip') notes.push(`not run: ${spec.title} — ${a.description}`);
  if (!e2eOk && p.stats.unexpected === 0) check('playwright run', false);
} else
  check(
    chromium
      ? 'playwright run (no report)'
      : 'playwright: no Chromium (install it: apt-get install chromium)',
    false,
  );

function* walk(suite) {
  yield* suite.specs ?? [];
  for (const s of suite.suites ?? []) yield* walk(s);
}

process.stdout.write('\n' + notes.map((n) => `  ${n}\n`).join(''));
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
process.stdout.write(`${totals.passed} passed, ${totals.failed} failed${skipped}\n`);
process.exit(totals.failed > 0 ? 1 : 0);
