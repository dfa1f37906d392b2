import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BuildReport, CliObservation, ScenarioObservation } from './cliBuildsReport.mjs';
import { cacheRoot, isInstalled, pickBuilds, pinnedVersions } from './cliBuildsPlan.mjs';
import { cell, renderBuildsDoc, verdict } from './cliBuildsTable.mjs';

describe('pickBuilds', () => {
  const published = [
    '0.2.9',
    '1.0.0',
    '1.0.9',
    '1.0.10',
    '2.0.0',
    '2.0.77',
    '2.1.0',
    '2.1.5',
    '2.1.186',
    '2.1.330',
    '2.1.331-beta.1',
    '2.1.332',
  ];

  it('takes the last of each older line, the first of the newest, the pinned builds and the newest', () => {
    // 1.0.10 sorts after 1.0.9 by number, not by text; 0.x and the pre-release are left out.
    expect(pickBuilds(published, ['2.1.330', '2.1.186'])).toEqual([
      '1.0.10',
      '2.0.77',
      '2.1.0',
      '2.1.186',
      '2.1.330',
      '2.1.332',
    ]);
  });

  it('ignores a pinned version the registry does not have and lists each build once', () => {
    expect(pickBuilds(['1.0.0', '1.0.1'], ['9.9.9', '1.0.1'])).toEqual(['1.0.0', '1.0.1']);
    expect(pickBuilds([], ['2.1.330'])).toEqual([]);
  });

  it('reads the pinned builds from package.json, aliases included', () => {
    const manifest = {
      dependencies: { execa: '^10.0.0' },
      devDependencies: {
        '@anthropic-ai/claude-code': '2.1.330',
        'claude-code-old': 'npm:@anthropic-ai/claude-code@2.1.186',
        'other-alias': 'npm:left-pad@1.3.0',
        'ranged-cli': 'npm:@anthropic-ai/claude-code@^2.1.0',
      },
    };
    expect(pinnedVersions(manifest)).toEqual(['2.1.330', '2.1.186']);
  });
});

describe('the build cache', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const writeJson = (rel: string, value: unknown) => {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), JSON.stringify(value));
  };

  it('is the variable, else under XDG_CACHE_HOME', () => {
    expect(cacheRoot({ PUFFIN_CLI_BUILDS_CACHE: '/c' })).toBe('/c');
    expect(cacheRoot({ XDG_CACHE_HOME: '/x' })).toBe(join('/x', 'puffin', 'cli-builds'));
  });

  it('counts a native build as installed only with its per-platform binary', () => {
    dir = mkdtempSync(join(tmpdir(), 'puffin-cli-cache-'));
    const pkg = 'node_modules/@anthropic-ai/claude-code/package.json';
    expect(isInstalled(dir, '2.1.332')).toBe(false);
    writeJson(pkg, { version: '2.1.332', bin: { claude: 'bin/claude.exe' } });
    expect(isInstalled(dir, '2.1.332')).toBe(false);
    writeJson('node_modules/@anthropic-ai/claude-code-linux-x64/claude', 'binary');
    expect(isInstalled(dir, '2.1.332')).toBe(true);
    expect(isInstalled(dir, '2.1.330')).toBe(false);
    writeJson(pkg, { version: '1.0.128', bin: { claude: 'cli.js' } });
    expect(isInstalled(dir, '1.0.128')).toBe(true);
  });
});

const ADA = { name: 'Ada', age: 36 };

function cli(overrides: Partial<CliObservation> = {}): CliObservation {
  return {
    exitCode: 0,
    stderr: '',
    offersStructuredOutput: true,
    result: { subtype: 'success', isError: false, firstKey: 'type', hasStructuredOutput: true, message: '' },
    nudges: 0,
    apiRetries: 0,
    streamEvents: 0,
    mainRequests: 1,
    ...overrides,
  };
}

const UNKNOWN = cli({
  exitCode: 1,
  stderr: "error: unknown option '--json-schema'",
  offersStructuredOutput: null,
  result: null,
  mainRequests: 0,
});

function happy(observed: CliObservation, puffin: ScenarioObservation['puffin']): ScenarioObservation {
  const expected = { ok: true as const, source: 'structured_output', data: ADA };
  return { name: 'happy', cli: observed, puffin, expected: [expected, expected] };
}

const NEW: BuildReport = {
  version: '2.1.332',
  kind: 'native',
  scenarios: [happy(cli({ mainRequests: 2 }), { ok: true, source: 'structured_output', data: ADA })],
  flags: [
    {
      name: 'restricted',
      args: ['--restricted'],
      exitCode: 0,
      stderr: '',
      tools: ['Read', 'StructuredOutput'],
      resultSubtype: 'success',
    },
  ],
};
const OLD: BuildReport = {
  version: '1.0.128',
  kind: 'cli.js',
  scenarios: [happy(UNKNOWN, { ok: false, code: 'schema_dropped' })],
  flags: [
    {
      name: 'restricted',
      args: ['--restricted'],
      exitCode: 1,
      stderr: "error: unknown option '--restricted'",
      tools: null,
      resultSubtype: null,
    },
  ],
};

describe('docs/cli-builds.md', () => {
  const doc = renderBuildsDoc([NEW, OLD], { measuredOn: '2026-11-28' });
  const overviewRow = (label: string) => doc.split('\n').find((line) => line.startsWith(`| ${label} |`));

  it('has one column per build, oldest first, read from the reports', () => {
    expect(overviewRow('Build')).toBe('| Build | 1.0.128 | 2.1.332 |');
    expect(overviewRow('Runs as')).toBe('| Runs as | node cli.js | native binary |');
    expect(overviewRow('`--json-schema`')).toBe(
      '| `--json-schema` | unknown option `--json-schema` (exit 1) | accepted |',
    );
    expect(overviewRow('Requests for one valid call')).toBe(
      '| Requests for one valid call | unknown option `--json-schema` (exit 1) | 2 |',
    );
    expect(overviewRow('`--restricted` (no schema)')).toBe(
      '| `--restricted` (no schema) | unknown option `--restricted` | accepted (2 tools) |',
    );
    expect(overviewRow('Model never calls the tool')).toBe(
      '| Model never calls the tool | not measured | not measured |',
    );
    expect(doc).toContain('Measured on 2026-11-28.');
  });

  it('says where Puffin does not give what it gives on the pinned builds', () => {
    expect(overviewRow('Puffin as on the pinned builds')).toBe(
      '| Puffin as on the pinned builds | 0/1 ✓, 1 ✗ | 1/1 ✓ |',
    );
    expect(doc).toContain(
      '| happy | unknown option `--json-schema` (exit 1) | — | 0 | fails: schema_dropped | ✗ expected structured_output: {"name":"Ada","age":36} |',
    );
    expect(doc.indexOf('### 1.0.128 (cli.js)')).toBeLessThan(doc.indexOf('### 2.1.332 (native binary)'));
  });

  it('tells the same data from another source apart from a wrong outcome', () => {
    const fromToolCall = happy(cli(), { ok: true, source: 'tool_use', data: ADA });
    expect(verdict(fromToolCall)).toBe('≈ same data, from tool_use (pinned builds: structured_output)');
    const report: BuildReport = { ...NEW, scenarios: [fromToolCall, NEW.scenarios[0]!] };
    expect(renderBuildsDoc([report])).toContain('| Puffin as on the pinned builds | 1/2 ✓, 1 ≈ |');
    expect(verdict(happy(cli(), { ok: true, source: 'tool_use', data: { name: 'Grace' } }))).toMatch(
      /^✗ expected/,
    );
  });

  it('marks scenarios Puffin runs differently as not compared', () => {
    expect(verdict({ ...happy(cli(), null), name: 'valid-then-max-turns' })).toMatch(/^not compared/);
  });

  it('keeps cells on one line without pipes', () => {
    expect(cell('a | b\nc')).toBe('a \\| b c');
    expect(cell('')).toBe('—');
    expect(cell('x'.repeat(200))).toHaveLength(120);
  });
});
