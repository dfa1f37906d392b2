#!/usr/bin/env node
// A replaying stand-in for the Claude Code CLI, for faults the real CLI cannot be made to show.
// FAKE_CLAUDE_SCENARIO: a path to a .jsonl transcript to replay (exit code from FAKE_CLAUDE_EXIT_CODE,
//   else from the sibling .meta.txt "process_exit", else 0), or one of the named modes below.
// FAKE_CLAUDE_RECORD: file to which each invocation appends one JSON line {argv, stdin, pid, cwd}.
// FAKE_CLAUDE_OUTPUT: JSON object of the built-in happy transcript (default {"name":"Ada","age":36}).
// FAKE_CLAUDE_VERSION: printed by --version and in the init line (default 2.1.330).
// FAKE_CLAUDE_HUGE_BYTES: size of the huge line (default 50 MiB). FAKE_CLAUDE_DRIP_MS: drip pause (1 ms).
// FAKE_CLAUDE_API_STATUS: api-error's HTTP status (500); FAKE_CLAUDE_RETRY_AFTER_S: a rejected rate_limit_event
// resetting in that many s. FAKE_CLAUDE_DELAY_MS: the slow-start pause.
// FAKE_CLAUDE_TITLE_SCENARIO: the mode a title call runs instead (e.g. `hang`, for a title that never comes).
// FAKE_CLAUDE_PID_FILE: where grandchild modes append the pids they start; FAKE_CLAUDE_ENVLESS=1: theirs env-less.
// FAKE_CLAUDE_CPU_FILE: see fakeClaudeCpu.mjs. Every record line also carries the run marker (`runId`, from
// PUFFIN_RUN_ID) the fake was started with. A prompt line `fake-claude: {json}` overrides these per call.
// Like the real CLI in print mode, it reads stdin to EOF before printing anything.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import {
  apiErrorLines,
  happyLines,
  initLine,
  assistantLine,
  resultLine,
  structuredOutputValue,
  version,
} from './fakeClaudeLines.mjs';
import './fakeClaudeCpu.mjs';
import { replay } from './fakeClaudeReplay.mjs';

const MODES = [
  'happy', // built-in success transcript with structured_output
  'crash-mid-stream', // init + assistant line, then SIGKILL itself (the parent sees signal SIGKILL)
  'exit-137', // init + assistant line, then exit code 137 without a result
  'hang', // prints nothing and never exits; SIGTERM ends it
  'hang-after-init', // prints the init line, then nothing; SIGTERM ends it
  'hang-ignore-sigterm', // prints the init line once SIGTERM is ignored; only SIGKILL ends it
  'garbage-lines', // the happy transcript with non-JSON lines interleaved
  'huge-line', // one assistant text line of FAKE_CLAUDE_HUGE_BYTES, then a normal result
  'no-result', // init + assistant lines, exit 0 without a result line
  'exit-without-output', // nothing on stdout, a message on stderr, exit 1
  'slow-drip', // the happy transcript, each line written in 7-byte chunks
  'result-then-hang', // the happy transcript, then never exits (a finished, paid-for result)
  'grandchild-holds-stdout', // the happy transcript, a grandchild that keeps stdout open, exit 0
  'setsid-grandchild-holds-stdout', // the same, the grandchild in a session of its own (setsid)
  'grandchild-hang', // a grandchild in the CLI's group, the init line, then both hang
  'setsid-grandchild-hang', // a grandchild that called setsid, the init line, then both hang
  'setsid-grandchild-then-happy', // a setsid grandchild left running, the happy transcript, exit 0
  'api-error', // a synthetic API error (FAKE_CLAUDE_API_STATUS) as the real CLI prints it, exit 1
  'partial-result', // init, then the first half of the result line, exit 0
  'garbage-only', // only lines that are not JSON, exit 0
  'binary-garbage', // random bytes without newlines, then exit 0
  'stderr-flood', // 20 MB on stderr, then the happy transcript
  'slow-start', // waits FAKE_CLAUDE_DELAY_MS, then the happy transcript
  'exit-0-silent', // nothing at all, exit 0
  'sigterm-self', // init + assistant line, then SIGTERM itself
  'huge-line-forever', // an assistant line that never ends, until killed
];

const env = process.env;
const argv = process.argv.slice(2);

function record(input) {
  if (!env.FAKE_CLAUDE_RECORD) return;
  const entry = { argv, stdin: input, pid: process.pid, cwd: process.cwd(), runId: env.PUFFIN_RUN_ID };
  appendFileSync(env.FAKE_CLAUDE_RECORD, `${JSON.stringify(entry)}\n`);
}

/**
 * A prompt line `fake-claude: {"scenario": "...", "record": "...", ...}` overrides the FAKE_CLAUDE_* variables
 * (key `hugeBytes` → FAKE_CLAUDE_HUGE_BYTES): one Puffin process (the host) can then run a different fault per
 * call. A title call (its schema has only a `title` property) gets a happy title instead, still recorded.
 */
function applyDirective(input) {
  const line = input.split('\n').find((l) => l.startsWith('fake-claude: '));
  if (!line) return;
  const options = JSON.parse(line.slice('fake-claude: '.length));
  for (const [key, value] of Object.entries(options)) {
    const name = `FAKE_CLAUDE_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
    env[name] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  if (isTitleCall()) {
    env.FAKE_CLAUDE_SCENARIO = 'happy';
    env.FAKE_CLAUDE_OUTPUT = JSON.stringify({ title: 'Chaos' });
  }
}

/** A title call: its schema has only a `title` property. */
function isTitleCall() {
  const schemaAt = argv.indexOf('--json-schema');
  const schema = schemaAt >= 0 ? JSON.parse(argv[schemaAt + 1]) : undefined;
  return Object.keys(schema?.properties ?? {}).join() === 'title';
}

function readStdin() {
  return new Promise((resolve) => {
    if (process.stdin.isTTY) return resolve('');
    const chunks = [];
    process.stdin.on('data', (chunk) => chunks.push(chunk));
    process.stdin.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    process.stdin.on('error', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/** Writes and waits until the chunk is handed to the OS (pipes may apply backpressure). */
function write(text) {
  return new Promise((resolve) => {
    if (process.stdout.write(text)) resolve();
    else process.stdout.once('drain', resolve);
  });
}

async function writeLines(lines) {
  for (const line of lines) await write(`${JSON.stringify(line)}\n`);
}

/** Ends once stdout is flushed; process.exit() right after a write could cut it short. */
function finish(code) {
  process.stdout.write('', () => process.exit(code));
}

const hangForever = () => void setInterval(() => {}, 1 << 30);

/** A node grandchild that runs until killed; `setsid` puts it in a session (and group) of its own. */
function grandchild({ setsid, holdStdout, envless = env.FAKE_CLAUDE_ENVLESS === '1' }) {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)'], {
    detached: setsid,
    ...(envless ? { env: {} } : {}), // without the run's marker: only a cgroup still knows it
    stdio: ['ignore', holdStdout ? 'inherit' : 'ignore', 'ignore'],
  });
  if (env.FAKE_CLAUDE_PID_FILE) appendFileSync(env.FAKE_CLAUDE_PID_FILE, `${child.pid}\n`);
  child.unref();
  return child;
}

function fixtureExitCode(path) {
  if (env.FAKE_CLAUDE_EXIT_CODE) return Number(env.FAKE_CLAUDE_EXIT_CODE);
  const meta = path.replace(/\.jsonl$/, '.meta.txt');
  if (!existsSync(meta)) return 0;
  const match = /process_exit:\s*(?:rc=)?(\d+)/.exec(readFileSync(meta, 'utf8'));
  return match ? Number(match[1]) : 0;
}

async function run(scenario) {
  if (scenario.endsWith('.jsonl') || existsSync(scenario)) {
    // Replayed byte for byte (FAKE_CLAUDE_REPLAY_WRITES=lines: a write per line): the CLI's lines, exactly.
    await replay(readFileSync(scenario, 'utf8'), write);
    return finish(fixtureExitCode(scenario));
  }
  switch (scenario) {
    case 'happy':
      await writeLines(happyLines());
      return finish(0);
    case 'crash-mid-stream':
      await writeLines(happyLines().slice(0, 2));
      process.kill(process.pid, 'SIGKILL');
      return hangForever();
    case 'exit-137':
      await writeLines(happyLines().slice(0, 2));
      return finish(137);
    case 'hang':
      return hangForever();
    case 'hang-after-init':
      await writeLines([initLine()]);
      return hangForever();
    case 'hang-ignore-sigterm':
      // Says so on stderr: the test's proof that the signal arrived and was survived.
      process.on('SIGTERM', () => process.stderr.write('fakeClaude: ignoring SIGTERM\n'));
      // Printed only now, so a test that waits for this line knows SIGTERM is already ignored.
      await writeLines([initLine()]);
      return hangForever();
    case 'garbage-lines': {
      const [init, ...rest] = happyLines();
      await writeLines([init]);
      await write('this is not JSON\n');
      await write('\n');
      await write('{"type":"assistant","message":{"truncated\n');
      await write('\u001b[31mWarning: something odd\u001b[0m\n');
      for (const line of rest) {
        await writeLines([line]);
        await write('[1, 2, 3]\n');
      }
      return finish(0);
    }
    case 'huge-line': {
      const size = Number(env.FAKE_CLAUDE_HUGE_BYTES || 50 * 1024 * 1024);
      const output = structuredOutputValue();
      const [init, toolUse, toolResult] = happyLines();
      await writeLines([init]);
      // Built around the text so that the line is one JSON object of about `size` bytes.
      const head = JSON.stringify(assistantLine({ type: 'text', text: '@@' }, 'msg_fake_0')).split('@@');
      await write(head[0]);
      const block = 'x'.repeat(64 * 1024);
      for (let left = size; left > 0; left -= block.length)
        await write(left >= block.length ? block : block.slice(0, left));
      await write(`${head[1]}\n`);
      await writeLines([toolUse, toolResult, resultLine(output)]);
      return finish(0);
    }
    case 'no-result':
      await writeLines(happyLines().slice(0, 3));
      return finish(0);
    case 'exit-without-output':
      process.stderr.write('Error: fake claude failed before printing anything\n');
      return finish(1);
    case 'slow-drip': {
      const pause = Number(env.FAKE_CLAUDE_DRIP_MS || 1);
      const text = happyLines()
        .map((line) => `${JSON.stringify(line)}\n`)
        .join('');
      for (let i = 0; i < text.length; i += 7) {
        await write(text.slice(i, i + 7));
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
      return finish(0);
    }
    case 'result-then-hang':
      await writeLines(happyLines());
      return hangForever();
    case 'grandchild-holds-stdout':
    case 'setsid-grandchild-holds-stdout':
      await writeLines(happyLines());
      grandchild({ setsid: scenario.startsWith('setsid'), holdStdout: true });
      return finish(0);
    case 'grandchild-hang':
    case 'setsid-grandchild-hang':
      grandchild({ setsid: scenario.startsWith('setsid'), holdStdout: false });
      await writeLines([initLine()]);
      return hangForever();
    case 'setsid-grandchild-then-happy':
      grandchild({ setsid: true, holdStdout: false });
      await writeLines(happyLines());
      return finish(0);
    case 'api-error':
      await writeLines(apiErrorLines(Number(env.FAKE_CLAUDE_API_STATUS || 500)));
      return finish(1);
    case 'partial-result': {
      const [init, toolUse] = happyLines();
      await writeLines([init, toolUse]);
      const result = JSON.stringify(resultLine(structuredOutputValue()));
      await write(result.slice(0, result.length >> 1));
      return finish(0);
    }
    case 'garbage-only':
      await write('Segmentation fault (core dumped)\n<html>502 Bad Gateway</html>\n{"type":\n');
      return finish(0);
    case 'binary-garbage': {
      let seed = 7;
      const bytes = Buffer.alloc(256 * 1024);
      for (let i = 0; i < bytes.length; i++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        bytes[i] = (seed >> 16) % 256 === 10 ? 0 : (seed >> 16) % 256;
      }
      await write(bytes);
      return finish(0);
    }
    case 'stderr-flood': {
      const block = `${'e'.repeat(1023)}\n`.repeat(1024);
      for (let i = 0; i < 20; i++)
        await new Promise((resolve) =>
          process.stderr.write(block) ? resolve() : process.stderr.once('drain', resolve),
        );
      await writeLines(happyLines());
      return finish(0);
    }
    case 'slow-start':
      await new Promise((resolve) => setTimeout(resolve, Number(env.FAKE_CLAUDE_DELAY_MS || 2000)));
      await writeLines(happyLines());
      return finish(0);
    case 'exit-0-silent':
      return finish(0);
    case 'sigterm-self':
      await writeLines(happyLines().slice(0, 2));
      process.kill(process.pid, 'SIGTERM');
      return hangForever();
    case 'huge-line-forever': {
      await writeLines([initLine()]);
      await write('{"type":"assistant","message":{"content":[{"type":"text","text":"');
      const block = 'x'.repeat(64 * 1024);
      for (;;) await write(block);
    }
    default:
      process.stderr.write(
        `fakeClaude: unknown FAKE_CLAUDE_SCENARIO ${scenario}; modes: ${MODES.join(', ')}\n`,
      );
      return finish(2);
  }
}
// Entry point, last so that every declaration above is initialised.
if (argv.includes('--version') || argv.includes('-v')) {
  record('');
  process.stdout.write(`${version} (Claude Code)\n`);
  process.exit(0);
}
const input = await readStdin();
applyDirective(input);
if (env.FAKE_CLAUDE_TITLE_SCENARIO && isTitleCall())
  env.FAKE_CLAUDE_SCENARIO = env.FAKE_CLAUDE_TITLE_SCENARIO;
record(input);
await run(env.FAKE_CLAUDE_SCENARIO || 'happy');
