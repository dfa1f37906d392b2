import { describe, expect, it } from 'vitest';
import { accessArgs } from './accessArgs';
import type { CliCapabilities } from './capabilities';

const CURRENT: CliCapabilities = {
  version: '2.1.330',
  tools: true,
  restricted: true,
  settingSources: true,
  disallowedTools: true,
};
const OLD: CliCapabilities = { ...CURRENT, version: '2.1.186', restricted: false };
const policy = { denyRules: ['Read(**/.env*)', 'Read(./dist/**)'] };

describe('accessArgs', () => {
  it('hermetic: no MCP server, no tool at all', () => {
    expect(accessArgs({ kind: 'hermetic' }, OLD)).toEqual({
      ok: true,
      args: ['--strict-mcp-config', '--mcp-config', '{"mcpServers":{}}', '--tools', ''],
    });
  });

  it('grounded on 2.1.330: read-only tools, no settings files, --restricted, deny rules last', () => {
    const result = accessArgs({ kind: 'grounded', policy }, CURRENT);
    expect(result).toEqual({
      ok: true,
      args: [
        '--strict-mcp-config',
        '--mcp-config',
        '{"mcpServers":{}}',
        '--tools',
        'Read,Glob,Grep',
        '--setting-sources',
        '',
        '--restricted',
        '--disallowedTools',
        'Read(**/.env*)',
        'Read(./dist/**)',
      ],
    });
  });

  it('grounded on 2.1.186: the same without --restricted (the build has no such option)', () => {
    const result = accessArgs({ kind: 'grounded', policy }, OLD);
    expect(result.ok && result.args).not.toContain('--restricted');
    expect(result.ok && result.args).toContain('--setting-sources');
  });

  it('never offers a writing tool nor adds a directory', () => {
    const result = accessArgs({ kind: 'grounded', policy: { denyRules: [] } }, CURRENT);
    const args = result.ok ? result.args : [];
    expect(args[args.indexOf('--tools') + 1]).toBe('Read,Glob,Grep');
    expect(args.join(' ')).not.toMatch(/Write|Edit|Bash|WebFetch|--add-dir|--allowedTools|--disallowedTools/);
  });

  it('refuses to ground on a build that cannot be confined', () => {
    expect(accessArgs({ kind: 'grounded', policy }, { ...OLD, settingSources: false })).toEqual({
      ok: false,
      missing: ['--restricted or --setting-sources'],
    });
    expect(accessArgs({ kind: 'hermetic' }, { ...OLD, tools: false })).toEqual({
      ok: false,
      missing: ['--tools'],
    });
  });
});
