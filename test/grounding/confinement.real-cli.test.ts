// Grounded calls against the real CLI (both builds) and the mock API: only the model's replies are scripted. The
// model asks to read a file holding a random token and must give it back (the read happened, in the project); it
// asks for ../, absolute, symlinked, .env, key and git-ignored files (their tokens never reach the mock), and
// tries Write, Edit, Bash, WebFetch and NotebookEdit (never offered, nothing written). Settings files that would
// allow reads outside are planted in HOME and in the project. A hermetic call offers no tool at all.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { LocatedCli } from '../../src/main/engines/claude-cli/locateCli';
import { accessArgs } from '../../src/main/engines/claude-cli/grounding/accessArgs';
import { auditToolCalls } from '../../src/main/engines/claude-cli/grounding/audit';
import { listIgnored } from '../../src/main/llm/grounding/ignoredFiles';
import { buildGroundingPolicy } from '../../src/main/llm/grounding/policy';
import { createCapabilityProbe } from '../../src/main/engines/claude-cli/grounding/probeCapabilities';
import { parseTranscript } from '../../src/main/engines/claude-cli/stream';
import { structured, toolCalls } from '../support/mockTurns';
import type { MessagesRequestBody, MockTurn } from '../support/mockTypes';
import { claudeBinary, runCli, streamJsonArgs, type CliVersionName } from '../support/realCli';
import { realCliWorld, useRealCliTimeouts } from '../support/realCliTest';
import type { RealCliWorld } from '../support/realCliWorld';
import { toolResultText } from '../support/requestInspection';

const SEEN_SCHEMA = {
  type: 'object',
  properties: { seen: { type: 'array', items: { type: 'string' } } },
  required: ['seen'],
};
const WRITING_TOOLS = ['Write', 'Edit', 'Bash', 'WebFetch', 'NotebookEdit', 'Agent', 'Task', 'MultiEdit'];

const token = (name: string): string => `PUFFIN_${name}_${randomBytes(6).toString('hex').toUpperCase()}`;
const TOKENS = {
  project: token('PROJECT'),
  source: token('SOURCE'),
  outside: token('OUTSIDE'),
  env: token('ENV'),
  envLocal: token('ENVLOCAL'),
  sshKey: token('SSHKEY'),
  pem: token('PEM'),
  ignored: token('IGNORED'),
};
const FORBIDDEN = [TOKENS.outside, TOKENS.env, TOKENS.envLocal, TOKENS.sshKey, TOKENS.pem, TOKENS.ignored];

interface Sandbox {
  project: string;
  outside: string;
}

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** The world's project, a folder beside it, and settings files that would let a CLI read that folder. */
function makeSandbox(world: RealCliWorld): Sandbox {
  const project = world.project;
  const outside = path.join(world.dir, 'outside');
  write(path.join(project, 'notes', 'token.txt'), `The token is ${TOKENS.project}\n`);
  write(path.join(project, 'src', 'store.ts'), `export const marker = '${TOKENS.source}';\n`);
  write(path.join(project, '.env'), `API_KEY=${TOKENS.env}\n`);
  write(path.join(project, 'config', '.env.local'), `API_KEY=${TOKENS.envLocal}\n`);
  write(path.join(project, 'id_rsa'), `${TOKENS.sshKey}\n`);
  write(path.join(project, 'keys', 'server.pem'), `${TOKENS.pem}\n`);
  write(path.join(project, 'debug.log'), `${TOKENS.ignored}\n`);
  write(path.join(project, '.gitignore'), '*.log\n');
  write(path.join(outside, 'secret.txt'), `${TOKENS.outside}\n`);
  symlinkSync(path.join(outside, 'secret.txt'), path.join(project, 'link-out.txt'));
  symlinkSync(outside, path.join(project, 'linked-dir'));
  execFileSync('git', ['init', '-q'], { cwd: project });
  const grant = JSON.stringify({ permissions: { allow: ['Read'], additionalDirectories: [outside] } });
  write(path.join(project, '.claude', 'settings.json'), grant);
  write(path.join(world.home, '.claude', 'settings.json'), grant);
  return { project, outside };
}

/** Every file below `dir` with its size and modification time, to prove nothing was written. */
function snapshot(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => !path.join(e.parentPath, e.name).includes(`${path.sep}.git${path.sep}`))
    .map((e) => {
      const full = path.join(e.parentPath, e.name);
      const s = statSync(full, { throwIfNoEntry: false });
      return `${path.relative(dir, full)} ${s?.size ?? 'dangling'} ${s?.mtimeMs ?? ''}`;
    })
    .sort();
}

/** Tokens the model has been shown: every tool result in the conversation so far. */
function tokensSeen(body: MessagesRequestBody): string[] {
  const texts = body.messages
    .filter((m) => m.role === 'user' && Array.isArray(m.content))
    .flatMap((m) => (m.content as { type: string }[]).filter((b) => b.type === 'tool_result'))
    .map((b) => toolResultText(b));
  return [...new Set(texts.join('\n').match(/PUFFIN_[A-Z]+_[0-9A-F]{12}/g) ?? [])].sort();
}

function locatedCli(which: CliVersionName): LocatedCli {
  const binary = claudeBinary(which);
  return { path: binary.command, source: 'env', command: binary.command, argsPrefix: binary.prefixArgs };
}

useRealCliTimeouts();

describe.each<CliVersionName>(['current', 'old'])('grounded calls, real CLI (%s)', (which) => {
  /** One world per test: the project sandbox in it, the model's turns, then its answer (the tokens it saw). */
  async function run(access: 'grounded' | 'hermetic', turnsFor: (sandbox: Sandbox) => MockTurn[]) {
    const binary = claudeBinary(which);
    let turns: MockTurn[] = []; // known once the sandbox (and so its paths) exists; the CLI starts after
    const world = await realCliWorld({
      which,
      name: 'grounding',
      // The scripted turns, then the answer; after it the mock's default "Done." (older builds ask once more).
      respond: (body, i) =>
        turns[i] ?? (i === turns.length ? structured({ seen: tokensSeen(body) }) : undefined),
    });
    const sandbox = makeSandbox(world);
    turns = turnsFor(sandbox);
    const policy = buildGroundingPolicy({ ignored: await listIgnored(sandbox.project) });
    const caps = await createCapabilityProbe()(locatedCli(which), world.env);
    expect(caps.version).toBe(binary.version);
    const built = accessArgs(
      access === 'grounded' ? { kind: 'grounded', policy } : { kind: 'hermetic' },
      caps,
    );
    if (!built.ok) throw new Error(`cannot build access args: ${built.missing.join(', ')}`);
    const before = { project: snapshot(sandbox.project), outside: snapshot(sandbox.outside) };
    const cli = await runCli(binary, {
      args: streamJsonArgs(SEEN_SCHEMA, 8, built.args),
      prompt: 'Look at the project and report the tokens you saw.',
      env: world.env,
      cwd: sandbox.project,
      progress: world.progress,
    });
    const events = parseTranscript(cli.stdout);
    const init = cli.events.find((e) => e.type === 'system' && e.subtype === 'init');
    const result = cli.events.filter((e) => e.type === 'result').pop();
    return { cli, events, init, result, api: world.mock, built: built.args, sandbox, policy, before };
  }

  it('reads inside the project only: the token comes back, nothing outside, secret or ignored does', async () => {
    const { cli, events, init, result, api, sandbox, policy, before } = await run('grounded', (sandbox) => {
      const p = sandbox.project;
      return [
        toolCalls(
          { name: 'Read', input: { file_path: 'notes/token.txt' } },
          { name: 'Read', input: { file_path: `${p}/../outside/secret.txt` } },
          { name: 'Read', input: { file_path: '../outside/secret.txt' } },
          { name: 'Read', input: { file_path: path.join(sandbox.outside, 'secret.txt') } },
          { name: 'Read', input: { file_path: path.join(p, 'link-out.txt') } },
          { name: 'Read', input: { file_path: path.join(p, 'linked-dir', 'secret.txt') } },
          { name: 'Read', input: { file_path: path.join(p, '.env') } },
          { name: 'Read', input: { file_path: path.join(p, 'config', '.env.local') } },
          { name: 'Read', input: { file_path: path.join(p, 'id_rsa') } },
          { name: 'Read', input: { file_path: path.join(p, 'keys', 'server.pem') } },
          { name: 'Read', input: { file_path: path.join(p, 'debug.log') } },
          { name: 'Grep', input: { pattern: 'PUFFIN_', output_mode: 'content' } },
          { name: 'Grep', input: { pattern: 'PUFFIN_', path: '..', output_mode: 'content' } },
          { name: 'Glob', input: { pattern: '**/*', path: sandbox.outside } },
        ),
        toolCalls(
          { name: 'Write', input: { file_path: path.join(p, 'pwned.txt'), content: 'x' } },
          {
            name: 'Edit',
            input: { file_path: path.join(p, 'notes', 'token.txt'), old_string: 'token', new_string: 'x' },
          },
          {
            name: 'Bash',
            input: { command: `touch ${path.join(p, 'bash.txt')}; cat ${sandbox.outside}/secret.txt` },
          },
          { name: 'WebFetch', input: { url: 'http://127.0.0.1:9/', prompt: 'x' } },
          { name: 'NotebookEdit', input: { notebook_path: path.join(p, 'n.ipynb'), new_source: 'x' } },
        ),
      ];
    });
    const context = `stderr: ${cli.stderr}\nresult: ${JSON.stringify(result)}`;
    expect(cli.exitCode, context).toBe(0);
    expect(result?.subtype).toBe('success');
    expect([...(init?.tools as string[])].sort()).toEqual(['Glob', 'Grep', 'Read', 'StructuredOutput']);

    // The model was shown the project's own tokens and nothing else, and returned them.
    const seen = (result?.structured_output as { seen: string[] }).seen;
    expect(seen).toEqual([TOKENS.project, TOKENS.source].sort());
    for (const secret of FORBIDDEN) {
      expect(
        api.requests.some((r) => r.rawBody.includes(secret)),
        secret,
      ).toBe(false);
    }

    // No tool that writes, runs or fetches was ever offered; nothing was written anywhere.
    const offered = api.mainRequests().flatMap((r) => r.body?.tools?.map((t) => t.name) ?? []);
    for (const tool of WRITING_TOOLS) expect(offered).not.toContain(tool);
    expect(offered.some((name) => name.startsWith('mcp__'))).toBe(false);
    expect(snapshot(sandbox.project)).toEqual(before.project);
    expect(snapshot(sandbox.outside)).toEqual(before.outside);

    // Puffin's own check agrees: one file read, two searches, every other call refused, no violation.
    const record = auditToolCalls(events, { root: sandbox.project, policy });
    expect(record.violations).toEqual([]);
    expect(record.filesRead).toEqual(['notes/token.txt']);
    expect(record.searches).toEqual([{ tool: 'Grep', pattern: 'PUFFIN_', matches: 2 }]);
    expect(record.refused.map((r) => r.tool).sort()).toEqual(
      [...Array<string>(10).fill('Read'), 'Grep', 'Glob', ...WRITING_TOOLS.slice(0, 5)].sort(),
    );
    expect(record.toolTurns).toBe(2);
    expect(record.toolCalls).toBe(19);
  });

  it('hermetic: no tool is offered at all, so even a file of the project stays unread', async () => {
    const { cli, events, init, result, api, built, sandbox, policy } = await run('hermetic', (sandbox) => [
      toolCalls({ name: 'Read', input: { file_path: path.join(sandbox.project, 'notes', 'token.txt') } }),
    ]);
    expect(cli.exitCode, cli.stderr).toBe(0);
    expect(built).toContain('--tools');
    expect(init?.tools).toEqual(['StructuredOutput']);
    const offered = new Set(api.mainRequests().flatMap((r) => r.body?.tools?.map((t) => t.name) ?? []));
    offered.delete('DeferredToolPlaceholder');
    expect([...offered]).toEqual(['StructuredOutput']);
    expect((result?.structured_output as { seen: string[] }).seen).toEqual([]);
    expect(api.requests.some((r) => r.rawBody.includes(TOKENS.project))).toBe(false);
    const record = auditToolCalls(events, { root: sandbox.project, policy });
    expect(record.filesRead).toEqual([]);
    expect(record.refused.map((r) => r.tool)).toEqual(['Read']);
  });
});
