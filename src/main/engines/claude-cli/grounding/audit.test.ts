import { describe, expect, it } from 'vitest';
import { parseTranscript } from '../stream';
import { auditToolCalls } from './audit';
import { buildGroundingPolicy } from '../../../llm/grounding/policy';

const ROOT = '/work/proj';

interface Call {
  id: string;
  name: string;
  input: Record<string, unknown>;
  /** The tool_result text; undefined: the run ended before the result. */
  result?: string;
  isError?: boolean;
  /** Calls with the same message id were one model turn. */
  message?: string;
  denied?: boolean;
}

/** A transcript shaped as the CLI prints it: one assistant line per block, results as user lines, a result line. */
function transcript(calls: Call[]): string {
  const lines: unknown[] = [{ type: 'system', subtype: 'init', tools: ['Read', 'Glob', 'Grep'], cwd: ROOT }];
  for (const c of calls) {
    lines.push({
      type: 'assistant',
      message: {
        id: c.message ?? `msg_${c.id}`,
        role: 'assistant',
        content: [{ type: 'tool_use', id: c.id, name: c.name, input: c.input }],
      },
    });
  }
  for (const c of calls) {
    if (c.result === undefined) continue;
    lines.push({
      type: 'user',
      message: {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: c.id, content: c.result, is_error: c.isError ?? false },
        ],
      },
    });
  }
  const denials = calls
    .filter((c) => c.denied)
    .map((c) => ({ tool_name: c.name, tool_use_id: c.id, tool_input: c.input }));
  lines.push({
    type: 'result',
    subtype: 'success',
    is_error: false,
    num_turns: 3,
    permission_denials: denials,
  });
  return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
}

const policy = buildGroundingPolicy({ ignored: ['dist/'] });
const audit = (calls: Call[], realpath?: (abs: string) => string | null) =>
  auditToolCalls(parseTranscript(transcript(calls)), {
    root: ROOT,
    policy,
    ...(realpath ? { realpath } : {}),
  });

describe('auditToolCalls', () => {
  it('lists the files read once each, relative, in the order first read, and the turns they cost', () => {
    const record = audit([
      {
        id: 't1',
        name: 'Read',
        input: { file_path: `${ROOT}/src/a.ts` },
        result: '1 export const a = 1',
        message: 'm1',
      },
      { id: 't2', name: 'Read', input: { file_path: 'package.json' }, result: '1 {}', message: 'm1' },
      {
        id: 't3',
        name: 'Read',
        input: { file_path: `${ROOT}/src/a.ts`, offset: 10 },
        result: '10 x',
        message: 'm2',
      },
      {
        id: 't4',
        name: 'StructuredOutput',
        input: { ok: true },
        result: 'Structured output provided successfully',
        message: 'm3',
      },
    ]);
    expect(record.filesRead).toEqual(['src/a.ts', 'package.json']);
    expect(record.toolTurns).toBe(2);
    expect(record.toolCalls).toBe(3);
    expect(record.refused).toEqual([]);
    expect(record.violations).toEqual([]);
  });

  it('records searches with their folder and how many files they named', () => {
    const record = audit([
      { id: 'g1', name: 'Glob', input: { pattern: '**/*.ts' }, result: 'src/a.ts\nsrc/b.ts' },
      {
        id: 'g2',
        name: 'Grep',
        input: { pattern: 'createStore', path: `${ROOT}/src`, glob: '*.ts' },
        result: 'Found 1 file\nsrc/store.ts',
      },
      { id: 'g3', name: 'Grep', input: { pattern: 'nothing' }, result: 'No matches found' },
    ]);
    expect(record.searches).toEqual([
      { tool: 'Glob', pattern: '**/*.ts', matches: 2 },
      { tool: 'Grep', pattern: 'createStore', path: 'src', glob: '*.ts', matches: 1 },
      { tool: 'Grep', pattern: 'nothing', matches: 0 },
    ]);
    expect(record.filesRead).toEqual([]);
  });

  it('reports what the CLI refused (permission denials and tools it never offered) and reads nothing from them', () => {
    const record = audit([
      {
        id: 'r1',
        name: 'Read',
        input: { file_path: '../outside/secret.txt' },
        result:
          "Claude requested permissions to read from /work/outside/secret.txt, but you haven't granted it yet.",
        isError: true,
        denied: true,
      },
      {
        id: 'r2',
        name: 'Read',
        input: { file_path: `${ROOT}/.env` },
        result:
          '<tool_use_error>File is in a directory that is denied by your permission settings.</tool_use_error>',
        isError: true,
        denied: true,
      },
      {
        id: 'w1',
        name: 'Write',
        input: { file_path: `${ROOT}/x.txt`, content: 'x' },
        result: '<tool_use_error>Error: No such tool available: Write</tool_use_error>',
        isError: true,
      },
      {
        id: 'b1',
        name: 'Bash',
        input: { command: 'rm -rf /' },
        result: 'Error: No such tool available: Bash',
        isError: true,
      },
    ]);
    expect(record.refused.map((r) => [r.tool, r.target])).toEqual([
      ['Read', '../outside/secret.txt'],
      ['Read', `${ROOT}/.env`],
      ['Write', `${ROOT}/x.txt`],
      ['Bash', 'rm -rf /'],
    ]);
    expect(record.refused[1]?.message).toBe(
      'File is in a directory that is denied by your permission settings.',
    );
    expect(record.filesRead).toEqual([]);
    expect(record.violations).toEqual([]);
  });

  it('ignores failed calls that were no refusal (a missing file) and calls the run never answered', () => {
    const record = audit([
      {
        id: 'm1',
        name: 'Read',
        input: { file_path: 'nope.ts' },
        result: 'File does not exist.',
        isError: true,
      },
      { id: 'm2', name: 'Read', input: { file_path: 'later.ts' } },
    ]);
    expect(record.filesRead).toEqual([]);
    expect(record.refused).toEqual([]);
    expect(record.toolCalls).toBe(2);
  });

  it('flags every successful call the policy forbids: outside, through a symlink, secret, ignored, a writing tool', () => {
    const links: Record<string, string> = { [`${ROOT}/link.txt`]: '/home/me/.ssh/config' };
    const record = audit(
      [
        { id: 'v1', name: 'Read', input: { file_path: '/etc/passwd' }, result: '1 root:x:0:0' },
        { id: 'v2', name: 'Read', input: { file_path: `${ROOT}/link.txt` }, result: '1 Host *' },
        { id: 'v3', name: 'Read', input: { file_path: `${ROOT}/config/.env.production` }, result: '1 KEY=1' },
        { id: 'v4', name: 'Read', input: { file_path: 'dist/bundle.js' }, result: '1 x' },
        {
          id: 'v5',
          name: 'Grep',
          input: { pattern: 'KEY', output_mode: 'content' },
          result: '.env:1:KEY=1\nsrc/a.ts:3:KEY',
        },
        { id: 'v6', name: 'Bash', input: { command: 'cat .env' }, result: 'KEY=1' },
        { id: 'v7', name: 'Glob', input: { pattern: '*', path: '/tmp' }, result: '/tmp/x' },
      ],
      (abs) => links[abs] ?? abs,
    );
    expect(record.violations).toEqual([
      { tool: 'Read', target: '/etc/passwd', reason: 'outside' },
      { tool: 'Read', target: `${ROOT}/link.txt`, reason: 'outside' },
      { tool: 'Read', target: `${ROOT}/config/.env.production`, reason: 'sensitive' },
      { tool: 'Read', target: 'dist/bundle.js', reason: 'ignored' },
      { tool: 'Grep', target: '.env', reason: 'sensitive' },
      { tool: 'Bash', target: 'cat .env', reason: 'tool_not_allowed' },
      { tool: 'Glob', target: '/tmp', reason: 'outside' },
      { tool: 'Glob', target: '/tmp/x', reason: 'outside' },
    ]);
    // Forbidden reads are not listed as the grounding of the answer.
    expect(record.filesRead).toEqual([]);
  });
});
