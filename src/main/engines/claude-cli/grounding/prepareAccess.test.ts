import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_GROUNDING } from '../../../../shared/grounding';
import type { LocatedCli } from '../locateCli';
import { parseTranscript } from '../stream';
import type { CliCapabilities } from './capabilities';
import { buildGroundingPolicy } from '../../../llm/grounding/policy';
import { prepareAccess, violationWarnings } from './prepareAccess';

const CLI: LocatedCli = { path: '/bin/claude', source: 'path', command: '/bin/claude', argsPrefix: [] };
const CAPS: CliCapabilities = {
  version: '2.1.186',
  tools: true,
  restricted: false,
  settingSources: true,
  disallowedTools: true,
};
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function deps(caps: CliCapabilities) {
  const probed: string[] = [];
  return {
    probed,
    deps: {
      probe: async (cli: LocatedCli) => {
        probed.push(cli.path);
        return caps;
      },
      loadPolicy: async () => buildGroundingPolicy({ ignored: ['dist/'] }),
    },
  };
}

describe('prepareAccess', () => {
  it('hermetic without a project, and without asking the CLI anything', async () => {
    const { deps: d, probed } = deps(CAPS);
    const access = await prepareAccess(undefined, CLI, {}, d);
    expect(access.args).toEqual(['--strict-mcp-config', '--mcp-config', '{"mcpServers":{}}', '--tools', '']);
    expect(access.cwd).toBeUndefined();
    expect(access.audit).toBeUndefined();
    expect(probed).toEqual([]);
  });

  it('grounded: read-only tools and deny rules, the project (symlinks resolved) as the working directory', async () => {
    const real = mkdtempSync(path.join(tmpdir(), 'puffin-prep-'));
    const link = `${real}-link`;
    dirs.push(real, link);
    symlinkSync(real, link);
    const { deps: d } = deps(CAPS);
    const access = await prepareAccess({ root: link }, CLI, {}, d);
    expect(access.cwd).toBe(real);
    expect(access.args).toEqual(expect.arrayContaining(['--tools', 'Read,Glob,Grep', 'Read(./dist/**)']));
    const events = parseTranscript(
      [
        {
          type: 'assistant',
          message: {
            id: 'm1',
            content: [{ type: 'tool_use', id: 't1', name: 'Read', input: { file_path: `${real}/a.ts` } }],
          },
        },
        { type: 'user', message: { content: [{ type: 'tool_result', tool_use_id: 't1', content: '1 x' }] } },
      ]
        .map((l) => JSON.stringify(l))
        .join('\n') + '\n',
    );
    expect(access.audit?.(events).filesRead).toEqual(['a.ts']);
  });

  it("uses the policy the call's map was built under, without loading it again", async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'puffin-prep-'));
    dirs.push(root);
    let loaded = 0;
    const { deps: d } = deps(CAPS);
    const access = await prepareAccess(
      { root, policy: buildGroundingPolicy({ ignored: ['build/'] }) },
      CLI,
      {},
      {
        ...d,
        loadPolicy: async () => {
          loaded++;
          return buildGroundingPolicy({ ignored: ['dist/'] });
        },
      },
    );
    expect(loaded).toBe(0);
    expect(access.args).toContain('Read(./build/**)');
    expect(access.args).not.toContain('Read(./dist/**)');
  });

  it('runs hermetic, and says why, on a build that cannot be confined', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'puffin-prep-'));
    dirs.push(root);
    const { deps: d } = deps({ ...CAPS, settingSources: false });
    const access = await prepareAccess({ root }, CLI, {}, d);
    expect(access.args).toContain('');
    expect(access.args).not.toContain('Read,Glob,Grep');
    expect(access.audit).toBeUndefined();
    expect(access.warnings).toEqual([
      'Claude Code 2.1.186 cannot keep reads inside the project (it has no --restricted or --setting-sources), so this call ran without project access. Update Claude Code to ground it.',
    ]);
  });
});

describe('violationWarnings', () => {
  it('names each forbidden call that succeeded', () => {
    expect(violationWarnings(EMPTY_GROUNDING)).toEqual([]);
    expect(
      violationWarnings({
        ...EMPTY_GROUNDING,
        violations: [
          { tool: 'Read', target: '.env', reason: 'sensitive' },
          { tool: 'Bash', target: 'ls', reason: 'tool_not_allowed' },
        ],
      }),
    ).toEqual([
      'the model\'s Read call on ".env" succeeded although the file holds secrets; Puffin did not allow it',
      'the model\'s Bash call on "ls" succeeded although Bash is not a read-only tool; Puffin did not allow it',
    ]);
  });
});
