// sendPrompt end to end through test/support/fakeClaude.mjs in the modes a real CLI cannot be made to show:
// garbage and huge lines, slow drips, crashes, hangs, cancel and kill of the whole tree, a missing binary, the gate.
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { PromptError } from '../../src/main/llm/errors';
import { locateCli } from '../../src/main/engines/claude-cli/locateCli';
import { engineSendPrompt } from '../support/engineSendPrompt';
import { ConcurrencyGate } from '../../src/main/llm/gate';
import { silentLogger } from '../../src/main/base/logger';
import {
  fakeClaudePath,
  makeRecordFile,
  missingClaudePath,
  nonExecutableClaudePath,
  readFakeClaudeRecord,
} from '../support/fakeCli';
import { fake, fakeEnv, harness, isAlive, PERSON, PROMPT } from './harness';
import { scratchDir } from '../support/scratchDir';

/** A CLI that is a shell process with the fake as its child, so killing must reach a grandchild of Puffin. */
function treeCli(): { cliPath: string; pidFile: string } {
  const dir = scratchDir('puffin-tree-cli-');
  const pidFile = path.join(dir, 'shell.pid');
  const cliPath = path.join(dir, 'claude');
  writeFileSync(
    cliPath,
    `#!/bin/sh\necho $$ > '${pidFile}'\n'${process.execPath}' '${fakeClaudePath()}' "$@" &\nwait\n`,
  );
  chmodSync(cliPath, 0o755);
  return { cliPath, pidFile };
}

describe('sendPrompt against CLI faults (fakeClaude modes)', () => {
  it('tolerates garbage lines between the real ones', async () => {
    const kinds: string[] = [];
    const { sendPrompt } = fake({ scenario: 'garbage-lines' }, { onCliEvent: (e) => kinds.push(e.kind) });
    const r = await sendPrompt({ workflow: 'cli-prompt', prompt: PROMPT, schema: PERSON });
    expect(r).toMatchObject({ data: { name: 'Ada', age: 36 }, source: 'structured_output' });
    expect(kinds.filter((k) => k === 'garbage').length).toBeGreaterThanOrEqual(3);
  });

  // Changed deliberately: a line past MAX_LINE_CHARS is not assembled; the run is stopped instead.
  it('stops at a 50 MB line with a typed garbage_output and kills the CLI', async () => {
    const recordFile = makeRecordFile();
    const { sendPrompt } = fake({ scenario: 'huge-line', recordFile });
    const err = await sendPrompt({ workflow: 'cli-prompt', prompt: PROMPT, schema: PERSON }).catch((e) => e);
    expect(err).toMatchObject({ code: 'garbage_output', retryable: false });
    expect((err as PromptError).message).toMatch(/longer than 16777216 characters/);
    expect(isAlive(readFakeClaudeRecord(recordFile)[0]!.pid)).toBe(false);
  });

  it('reassembles lines written 7 bytes at a time', async () => {
    const { sendPrompt } = fake({ scenario: 'slow-drip', dripMs: 0 });
    expect((await sendPrompt({ workflow: 'cli-prompt', prompt: PROMPT, schema: PERSON })).data).toEqual({
      name: 'Ada',
      age: 36,
    });
  });

  it.each([
    ['crash-mid-stream', /killed by SIGKILL/],
    ['exit-137', /exit code 137/],
  ])('reports %s as a crash with its evidence', async (scenario, detail) => {
    const { sendPrompt } = fake({ scenario });
    const err = await sendPrompt({ workflow: 'cli-prompt', prompt: PROMPT, schema: PERSON }).catch(
      (e: PromptError) => e,
    );
    expect(err).toMatchObject({ code: 'crashed', message: expect.stringMatching(detail) });
    expect((err as PromptError).diagnostics.rawLines?.join('\n')).toContain('StructuredOutput');
  });

  it('reports an exit without output as a crash and keeps stderr', async () => {
    const { sendPrompt } = fake({ scenario: 'exit-without-output' });
    await expect(
      sendPrompt({ workflow: 'cli-prompt', prompt: PROMPT, schema: PERSON }),
    ).rejects.toMatchObject({
      code: 'crashed',
      diagnostics: {
        exitCode: 1,
        stderrTail: 'Error: fake claude failed before printing anything\n',
        rawLines: [],
      },
    });
  });

  it('uses the acknowledged StructuredOutput call when the result line never comes', async () => {
    const { sendPrompt } = fake({ scenario: 'no-result' });
    const r = await sendPrompt({ workflow: 'cli-prompt', prompt: PROMPT, schema: PERSON });
    expect(r).toMatchObject({ data: { name: 'Ada', age: 36 }, source: 'tool_use' });
    expect(r.warnings[0]).toMatch(/printed no result line/);
  });

  it('reports no_result when the CLI exits 0 with nothing usable', async () => {
    const dir = scratchDir('puffin-init-only-');
    const file = path.join(dir, 'init-only.jsonl');
    writeFileSync(
      file,
      `${JSON.stringify({ type: 'system', subtype: 'init', tools: ['StructuredOutput'], claude_code_version: '2.1.330' })}\n`,
    );
    const { sendPrompt } = fake({ scenario: file, exitCode: 0 });
    await expect(
      sendPrompt({ workflow: 'cli-prompt', prompt: PROMPT, schema: PERSON }),
    ).rejects.toMatchObject({
      code: 'no_result',
      diagnostics: { exitCode: 0, cliVersion: '2.1.330' },
    });
  });

  it('times out a CLI that hangs and kills its whole process tree', async () => {
    const { cliPath, pidFile } = treeCli();
    const recordFile = makeRecordFile();
    const { sendPrompt } = harness({ cliPath, env: fakeEnv({ scenario: 'hang', recordFile }) });
    const started = Date.now();
    const err = await sendPrompt({
      workflow: 'cli-prompt',
      prompt: PROMPT,
      schema: PERSON,
      timeoutMs: 1500,
    }).catch((e) => e);
    expect(err).toMatchObject({ code: 'timeout', diagnostics: { timeoutMs: 1500 } });
    expect(Date.now() - started).toBeLessThan(10_000);
    const shellPid = Number(readFileSync(pidFile, 'utf8'));
    const fakePid = readFakeClaudeRecord(recordFile)[0]!.pid;
    await vi.waitFor(() => expect([isAlive(shellPid), isAlive(fakePid)]).toEqual([false, false]), {
      timeout: 5000,
    });
  });

  it('cancels a running CLI through its AbortSignal and kills the tree', async () => {
    const { cliPath, pidFile } = treeCli();
    const recordFile = makeRecordFile();
    const controller = new AbortController();
    const { sendPrompt } = harness({
      cliPath,
      env: fakeEnv({ scenario: 'hang-after-init', recordFile }),
      onCliEvent: (e) => e.kind === 'init' && controller.abort(),
    });
    const err = await sendPrompt({
      workflow: 'cli-prompt',
      prompt: PROMPT,
      schema: PERSON,
      signal: controller.signal,
    }).catch((e) => e);
    expect(err).toMatchObject({ code: 'cancelled', retryable: false });
    const pids = [Number(readFileSync(pidFile, 'utf8')), readFakeClaudeRecord(recordFile)[0]!.pid];
    await vi.waitFor(() => expect(pids.map(isAlive)).toEqual([false, false]), { timeout: 5000 });
  });

  it('escalates to SIGKILL after the grace period when the CLI ignores SIGTERM', async () => {
    const recordFile = makeRecordFile();
    const controller = new AbortController();
    let abortedAt = 0;
    const { sendPrompt } = fake(
      { scenario: 'hang-ignore-sigterm', recordFile },
      {
        killGraceMs: 300,
        onCliEvent: (e) => {
          if (e.kind !== 'init') return;
          abortedAt = Date.now();
          controller.abort();
        },
      },
    );
    const err = await sendPrompt({
      workflow: 'cli-prompt',
      prompt: PROMPT,
      schema: PERSON,
      signal: controller.signal,
    }).catch((e: PromptError) => e);
    expect(err).toMatchObject({ code: 'cancelled', diagnostics: { signal: 'SIGKILL' } });
    expect(Date.now() - abortedAt).toBeGreaterThanOrEqual(300);
    expect((err as PromptError).diagnostics.stderrTail).toContain('ignoring SIGTERM');
    expect(isAlive(readFakeClaudeRecord(recordFile)[0]!.pid)).toBe(false);
  });

  it('killAll stops every running call (app quit / host stop)', async () => {
    const recordFile = makeRecordFile();
    const gate = new ConcurrencyGate(2);
    let started = 0;
    let allStarted!: () => void;
    const bothStarted = new Promise<void>((r) => (allStarted = r));
    const onCliEvent = (e: { kind: string }) => e.kind === 'init' && ++started === 2 && allStarted();
    const { sendPrompt } = fake({ scenario: 'hang-after-init', recordFile }, { gate, onCliEvent });
    const calls = [1, 2].map(() =>
      sendPrompt({ workflow: 'cli-prompt', prompt: PROMPT, schema: PERSON }).catch((e) => e),
    );
    await bothStarted;
    await gate.killAll();
    const errors = await Promise.all(calls);
    expect(errors.map((e: PromptError) => e.code)).toEqual(['cancelled', 'cancelled']);
    expect(errors[0].message).toMatch(/shutting down/);
    const pids = readFakeClaudeRecord(recordFile).map((c) => c.pid);
    expect(pids).toHaveLength(2);
    await vi.waitFor(() => expect(pids.map(isAlive)).toEqual([false, false]), { timeout: 5000 });
  });

  it('maps ENOENT to cli_not_found, at spawn and when locating', async () => {
    const missing = missingClaudePath();
    const { sendPrompt } = harness({ cliPath: missing, env: { ...process.env } });
    await expect(
      sendPrompt({ workflow: 'cli-prompt', prompt: PROMPT, schema: PERSON }),
    ).rejects.toMatchObject({
      code: 'cli_not_found',
      message: expect.stringContaining(missing),
    });
    const located = engineSendPrompt({
      locate: () => locateCli({ env: { PUFFIN_CLAUDE_PATH: missing, PATH: '' } }),
      gate: new ConcurrencyGate(1),
      logger: silentLogger,
      settings: () => ({}),
    });
    await expect(located({ workflow: 'cli-prompt', prompt: PROMPT, schema: PERSON })).rejects.toMatchObject({
      code: 'cli_not_found',
    });
  });

  it('maps EACCES to cli_not_executable, at spawn and when locating', async () => {
    const file = nonExecutableClaudePath();
    const { sendPrompt } = harness({ cliPath: file, env: { ...process.env } });
    await expect(
      sendPrompt({ workflow: 'cli-prompt', prompt: PROMPT, schema: PERSON }),
    ).rejects.toMatchObject({
      code: 'cli_not_executable',
      diagnostics: { cliPath: file },
    });
    await expect(locateCli({ env: { PUFFIN_CLAUDE_PATH: file } })).rejects.toMatchObject({
      code: 'cli_not_executable',
    });
  });

  it('runs no more CLIs at once than the gate allows', async () => {
    const recordFile = makeRecordFile();
    const gate = new ConcurrencyGate(1);
    let running = 0;
    let peak = 0;
    const onCliEvent = (e: { kind: string }) => {
      if (e.kind === 'init') peak = Math.max(peak, ++running);
      if (e.kind === 'result') running--;
    };
    const { sendPrompt } = fake({ scenario: 'happy', recordFile }, { gate, onCliEvent });
    const results = await Promise.all(
      [1, 2, 3].map(() => sendPrompt({ workflow: 'cli-prompt', prompt: PROMPT, schema: PERSON })),
    );
    expect(results.map((r) => r.data)).toEqual([1, 2, 3].map(() => ({ name: 'Ada', age: 36 })));
    expect(peak).toBe(1);
    expect(readFakeClaudeRecord(recordFile)).toHaveLength(3);
  });
});
