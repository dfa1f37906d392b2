import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkoutNode, installNote, nodeVersionProblem } from './node-version.cjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// This test runs on Node 22+; an older Node is simulated by overriding what process.versions reports.
const AS_NODE_20 = 'data:text/javascript,Object.defineProperty(process.versions,"node",{value:"20.20.2"})';

/** Runs `args` on this Node made to report 20.20.2, in the checkout. */
const asNode20 = (args: string[]) =>
  spawnSync(process.execPath, ['--import', AS_NODE_20, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, PUFFIN_NO_PREBUILT: '1' },
  });

describe('nodeVersionProblem', () => {
  it('accepts Node 22 and newer', () => {
    for (const v of ['22.0.0', '22.22.2', 'v22.23.3', '24.15.0', '26.1.0'])
      expect(nodeVersionProblem(v)).toBeNull();
  });

  it('refuses an older Node, naming it and saying what to do', () => {
    const problem = nodeVersionProblem('20.20.2');
    expect(problem).toContain('Puffin needs Node.js 22 or newer; this is Node 20.20.2.');
    expect(problem).toContain('Run `npm install` in the Puffin checkout');
    expect(problem).toContain('install Node.js 22');
    expect(nodeVersionProblem('v18.19.0')).toContain('this is Node 18.19.0');
    expect(nodeVersionProblem('not a version')).not.toBeNull();
  });
});

describe('installNote', () => {
  it('is one line after an install run by an older Node, and nothing on a supported one', () => {
    const note = installNote('npm/11.19.1 node/v20.20.2 linux x64 workspaces/false');
    expect(note).toContain('Node 20.20.2, older than the 22 Puffin needs');
    expect(note).not.toContain('\n');
    expect(installNote('npm/11.19.1 node/v22.23.3 linux x64 workspaces/false')).toBeNull();
    expect(installNote(undefined)).toBeNull();
  });
});

describe('on an older Node', () => {
  it('bin/puffin.cjs runs the command with the Node 22 that npm install put in the checkout', () => {
    expect(checkoutNode(root)).not.toBeNull();
    const r = asNode20(['bin/puffin.cjs', 'extract', '--legacy', '--expect', 'object']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(1); // no stdin text to extract from: the CLI's own typed answer, from Node 22
    expect(JSON.parse(r.stdout)).toHaveProperty('error.code');
  });

  it('a checkout without its own Node says why in one line and exits 1', () => {
    const bare = mkdtempSync(join(tmpdir(), 'puffin-no-node-'));
    try {
      expect(checkoutNode(bare)).toBeNull();
      const script = `require(${JSON.stringify(join(root, 'scripts', 'node-version.cjs'))}).requireSupportedNode(${JSON.stringify(bare)}, 'x.cjs')`;
      const r = asNode20(['-e', script]);
      expect(r.status).toBe(1);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain('Puffin needs Node.js 22 or newer; this is Node 20.20.2.');
      expect(r.stdout).toBe('');
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });

  it('scripts/start.mjs exits 1 with the reason (npm start puts Node 22 first on its PATH)', () => {
    const r = asNode20(['scripts/start.mjs', '--help']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Puffin needs Node.js 22 or newer; this is Node 20.20.2.');
    expect(r.stdout).toBe('');
  });
});
