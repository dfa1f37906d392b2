import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { nodeVersionProblem } from './node-version.cjs';

describe('nodeVersionProblem', () => {
  it('accepts Node 22 and newer', () => {
    for (const v of ['22.0.0', '22.22.2', 'v22.23.3', '24.15.0', '26.1.0'])
      expect(nodeVersionProblem(v)).toBeNull();
  });

  it('refuses an older Node, naming it and saying what to do', () => {
    const problem = nodeVersionProblem('20.20.2');
    expect(problem).toContain('Puffin needs Node.js 22 or newer; this is Node 20.20.2.');
    expect(problem).toContain('npx puffin');
    expect(problem).toContain('install Node.js 22');
    expect(nodeVersionProblem('v18.19.0')).toContain('this is Node 18.19.0');
    expect(nodeVersionProblem('not a version')).not.toBeNull();
  });
});

describe('the entry points check before loading anything', () => {
  it.each(['bin/puffin.cjs', 'scripts/start.mjs'])('%s exits 1 with the reason on Node 20', (entry) => {
    // This test runs on Node 22+; an older Node is simulated by overriding what process.versions reports.
    const root = fileURLToPath(new URL('..', import.meta.url));
    const r = spawnSync(
      process.execPath,
      [
        '--import',
        'data:text/javascript,Object.defineProperty(process.versions,"node",{value:"20.20.2"})',
        entry,
        '--help',
      ],
      { cwd: root, encoding: 'utf8', env: { ...process.env, PUFFIN_NO_PREBUILT: '1' } },
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Puffin needs Node.js 22 or newer; this is Node 20.20.2.');
    expect(r.stdout).toBe('');
  });
});
