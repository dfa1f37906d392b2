// Vitest's global setup: one folder for the whole run under which scratchDir() makes every test's temporary
// folders, removed when the run ends (workers are stopped without running their exit handlers).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SCRATCH_ROOT_ENV } from './scratchDir';

export default function setup(): () => void {
  const root = mkdtempSync(path.join(tmpdir(), 'puffin-test-run-'));
  process.env[SCRATCH_ROOT_ENV] = root;
  return () => rmSync(root, { recursive: true, force: true });
}
