// Electron's security checklist, as electronegativity checks it over src/ (offline, for our Electron version):
// zero findings. Reviewed manual-review findings are silenced on their line with `eng-disable` and a reason; the
// tool always exits 0, so its CSV is what decides.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

it('electronegativity reports no finding in src/', () => {
  const electron = JSON.parse(
    readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8'),
  ) as {
    version: string;
  };
  const dir = mkdtempSync(join(tmpdir(), 'puffin-eng-'));
  try {
    const csv = join(dir, 'findings.csv');
    execFileSync(
      join(root, 'node_modules', '.bin', 'electronegativity'),
      ['-i', join(root, 'src'), '-e', electron.version, '-o', csv, '-r'],
      { cwd: root, stdio: 'pipe', timeout: 240_000 },
    );
    const rows = readFileSync(csv, 'utf8').trim().split('\n').slice(1);
    expect(rows).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 300_000);
