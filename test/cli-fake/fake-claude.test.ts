// Sanity checks of the fake CLI: each mode must show exactly the fault it promises, or the
// sendPrompt tests built on it prove nothing.
import { readFileSync, watch } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import {
  fakeClaudeEnv,
  fakeClaudePath,
  cliFixturePath,
  makeRecordFile,
  missingClaudePath,
  nonExecutableClaudePath,
  readFakeClaudeRecord,
  type FakeClaudeOptions,
} from '../support/fakeCli';

const PROMPT = 'Extract the person: Ada Lovelace is 36.\nSecond line with "quotes" and $HOME.';
const ARGS = ['-p', '--output-format', 'stream-json', '--verbose', '--json-schema', '{"type":"object"}'];

function spawnFake(options: FakeClaudeOptions, args: string[] = ARGS) {
  return execa(fakeClaudePath(), args, {
    input: PROMPT,
    env: fakeClaudeEnv(options),
    reject: false,
    maxBuffer: 200 * 1024 * 1024,
  });
}

function jsonLines(stdout: unknown): Record<string, unknown>[] {
  return String(stdout)
    .split('\n')
    .flatMap((line) => {
      try {
        const value: unknown = JSON.parse(line);
        return value && typeof value === 'object' && !Array.isArray(value)
          ? [value as Record<string, unknown>]
          : [];
      } catch {
        return [];
      }
    });
}

/** Resolves once `stream` has carried text matching `pattern`. */
function waitForOutput(stream: Readable, pattern: RegExp): Promise<void> {
  let seen = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      if (pattern.test(seen)) {
        stream.off('data', onData);
        resolve();
      }
    };
    stream.on('data', onData);
    stream.once('end', () => reject(new Error(`stream ended without ${pattern}; saw ${seen.slice(0, 200)}`)));
  });
}

/** Resolves once `file` exists (the fake writes its record after reading stdin to EOF). */
function waitForFile(file: string): Promise<void> {
  return new Promise((resolve) => {
    const watcher = watch(path.dirname(file), () => {
      if (readFakeClaudeRecord(file).length > 0) {
        watcher.close();
        resolve();
      }
    });
    if (readFakeClaudeRecord(file).length > 0) {
      watcher.close();
      resolve();
    }
  });
}

describe('fake claude', () => {
  it('replays the built-in happy transcript with the given object and records argv and stdin', async () => {
    const recordFile = makeRecordFile();
    const output = { stories: [{ title: 'T' }] };
    const child = spawnFake({ scenario: 'happy', recordFile, output, version: '2.1.999' });
    const result = await child;
    expect(result.exitCode).toBe(0);
    const lines = jsonLines(result.stdout);
    expect(lines.map((l) => l.type)).toEqual(['system', 'assistant', 'user', 'result']);
    expect(lines[0]?.claude_code_version).toBe('2.1.999');
    expect(lines[3]?.structured_output).toEqual(output);
    expect(readFakeClaudeRecord(recordFile)).toEqual([
      expect.objectContaining({ argv: ARGS, stdin: PROMPT, pid: child.pid }),
    ]);
  });

  it('answers --version like the CLI and records that call too', async () => {
    const recordFile = makeRecordFile();
    const result = await spawnFake({ scenario: 'happy', recordFile, version: '2.1.186' }, ['--version']);
    expect(result.stdout).toBe('2.1.186 (Claude Code)');
    expect(readFakeClaudeRecord(recordFile).map((r) => r.argv)).toEqual([['--version']]);
  });

  it.each([
    ['m10-2.1.330-happy', 0],
    ['m20-2.1.330-no-credentials', 1],
    ['m06-2.1.197-retries-exhausted', 1],
  ])('replays fixture %s byte for byte with the exit code from its meta file', async (name, exitCode) => {
    const fixture = cliFixturePath(`${name}.jsonl`);
    const result = await spawnFake({ scenario: fixture });
    expect(result.exitCode).toBe(exitCode);
    expect(`${result.stdout}\n`).toBe(readFileSync(fixture, 'utf8'));
  });

  it('lets FAKE_CLAUDE_EXIT_CODE override the exit code of a replay', async () => {
    const result = await spawnFake({ scenario: cliFixturePath('m10-2.1.330-happy.jsonl'), exitCode: 3 });
    expect(result.exitCode).toBe(3);
  });

  it('crash-mid-stream: prints two lines, then dies by SIGKILL without a result', async () => {
    const result = await spawnFake({ scenario: 'crash-mid-stream' });
    expect(result.signal).toBe('SIGKILL');
    expect(result.exitCode).toBeUndefined();
    expect(jsonLines(result.stdout).map((l) => l.type)).toEqual(['system', 'assistant']);
  });

  it('exit-137: prints two lines, then exits 137', async () => {
    const result = await spawnFake({ scenario: 'exit-137' });
    expect(result.exitCode).toBe(137);
    expect(jsonLines(result.stdout).map((l) => l.type)).toEqual(['system', 'assistant']);
  });

  it('hang: prints nothing, outlives its closed stdin, and dies on SIGTERM', async () => {
    const recordFile = makeRecordFile();
    const child = spawnFake({ scenario: 'hang', recordFile });
    await waitForFile(recordFile);
    child.kill('SIGTERM');
    const result = await child;
    // Killed by the signal: had it exited by itself once stdin closed, there would be an exit code.
    expect(result.signal).toBe('SIGTERM');
    expect(result.exitCode).toBeUndefined();
    expect(result.stdout).toBe('');
  });

  it('hang-after-init: prints the init line, then nothing until SIGTERM', async () => {
    const child = spawnFake({ scenario: 'hang-after-init' });
    await waitForOutput(child.stdout, /"subtype":"init".*\n/);
    child.kill('SIGTERM');
    const result = await child;
    expect(result.signal).toBe('SIGTERM');
    expect(result.exitCode).toBeUndefined();
    expect(jsonLines(result.stdout).map((l) => l.subtype)).toEqual(['init']);
  });

  it('hang-ignore-sigterm: survives SIGTERM and only SIGKILL ends it', async () => {
    const child = spawnFake({ scenario: 'hang-ignore-sigterm' });
    await waitForOutput(child.stdout, /"subtype":"init".*\n/);
    const survived = waitForOutput(child.stderr, /ignoring SIGTERM/);
    child.kill('SIGTERM');
    await survived;
    child.kill('SIGKILL');
    const result = await child;
    // SIGKILL, not SIGTERM, is what ended it.
    expect(result.signal).toBe('SIGKILL');
  });

  it('garbage-lines: interleaves non-JSON lines with a complete transcript', async () => {
    const result = await spawnFake({ scenario: 'garbage-lines' });
    expect(result.exitCode).toBe(0);
    const raw = String(result.stdout).split('\n');
    const parsed = jsonLines(result.stdout);
    expect(parsed.map((l) => l.type)).toEqual(['system', 'assistant', 'user', 'result']);
    expect(raw.length - parsed.length).toBeGreaterThanOrEqual(5);
    expect(raw).toContain('this is not JSON');
    expect(parsed.at(-1)?.structured_output).toEqual({ name: 'Ada', age: 36 });
  });

  it('huge-line: one assistant line of 50 MiB, then a normal result', async () => {
    const result = await spawnFake({ scenario: 'huge-line' });
    expect(result.exitCode).toBe(0);
    const raw = String(result.stdout).split('\n');
    const huge = raw[1] ?? '';
    expect(huge.length).toBeGreaterThan(50 * 1024 * 1024);
    const message = (JSON.parse(huge) as { message: { content: { text: string }[] } }).message;
    expect(message.content[0]?.text).toHaveLength(50 * 1024 * 1024);
    expect(jsonLines(raw.slice(2).join('\n')).map((l) => l.type)).toEqual(['assistant', 'user', 'result']);
  });

  it('no-result: exits 0 after assistant and user lines without a result line', async () => {
    const result = await spawnFake({ scenario: 'no-result' });
    expect(result.exitCode).toBe(0);
    expect(jsonLines(result.stdout).map((l) => l.type)).toEqual(['system', 'assistant', 'user']);
  });

  it('exit-without-output: exits 1 with a stderr message and an empty stdout', async () => {
    const result = await spawnFake({ scenario: 'exit-without-output' });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^Error: fake claude failed/);
  });

  it('slow-drip: delivers the transcript in many small chunks that still join to whole lines', async () => {
    const child = spawnFake({ scenario: 'slow-drip', dripMs: 1 });
    let chunks = 0;
    child.stdout.on('data', () => (chunks += 1));
    const result = await child;
    expect(result.exitCode).toBe(0);
    expect(jsonLines(result.stdout).map((l) => l.type)).toEqual(['system', 'assistant', 'user', 'result']);
    expect(chunks).toBeGreaterThan(20);
  });

  it('rejects an unknown mode with exit 2 and lists the modes', async () => {
    const result = await spawnFake({ scenario: 'no-such-mode' });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('hang-ignore-sigterm');
  });

  it('a missing binary fails to spawn with ENOENT', async () => {
    const result = await execa(missingClaudePath(), ARGS, { reject: false });
    expect(result.failed).toBe(true);
    expect(result.code).toBe('ENOENT');
  });

  it('a non-executable binary fails to spawn with EACCES', async () => {
    const result = await execa(nonExecutableClaudePath(), ARGS, { reject: false });
    expect(result.failed).toBe(true);
    expect(result.code).toBe('EACCES');
  });
});
