import { describe, expect, it } from 'vitest';
import { missingForGrounding, parseCliCapabilities } from './capabilities';

// Excerpts of `claude --help` as the two builds print them (wrapped at 80 columns).
const HELP_2_1_330 = `Options:
  --add-dir <directories...>            More directories Claude can access
  --allowedTools, --allowed-tools <tools...>
  --disallowedTools, --disallowed-tools <tools...>
  --restricted                          Restricted mode: removes the built-in
                                        tools that run commands or code (Bash,
  --setting-sources <sources>           Comma-separated list of setting sources
  --tools <tools...>                    Built-in tools to make available: "" for`;
const HELP_2_1_186 = `Options:
  --disallowedTools, --disallowed-tools <tools...>
  --setting-sources <sources>           Comma-separated list of setting sources
  --tools <tools...>                    Specify the list of available tools from
                                        the built-in set. Use "" to disable all`;

describe('parseCliCapabilities', () => {
  it('reads the flags each build has', () => {
    expect(parseCliCapabilities(HELP_2_1_330, '2.1.330 (Claude Code)\n')).toEqual({
      version: '2.1.330',
      tools: true,
      restricted: true,
      settingSources: true,
      disallowedTools: true,
    });
    expect(parseCliCapabilities(HELP_2_1_186, '2.1.186 (Claude Code)')).toEqual({
      version: '2.1.186',
      tools: true,
      restricted: false,
      settingSources: true,
      disallowedTools: true,
    });
  });

  it('does not take a word in a description for a flag', () => {
    const caps = parseCliCapabilities('  --print   works in --restricted-ish shells and with tools', '');
    expect(caps).toMatchObject({ version: null, tools: false, restricted: false });
  });
});

describe('missingForGrounding', () => {
  it('needs --tools, deny rules and a way to leave settings files out', () => {
    const caps = parseCliCapabilities(HELP_2_1_186, '');
    expect(missingForGrounding(caps)).toEqual([]);
    expect(missingForGrounding({ ...caps, settingSources: false })).toEqual([
      '--restricted or --setting-sources',
    ]);
    expect(missingForGrounding({ ...caps, settingSources: false, restricted: true })).toEqual([]);
    expect(missingForGrounding({ ...caps, tools: false, disallowedTools: false })).toEqual([
      '--tools',
      '--disallowedTools',
    ]);
  });
});
