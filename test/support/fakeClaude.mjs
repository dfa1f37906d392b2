#!/usr/bin/env node
// A replaying stand-in for the Claude Code CLI, for faults the real CLI cannot be made to show.
//
// FAKE_CLAUDE_SCENARIO: a path to a .jsonl transcript to replay (exit code from FAKE_CLAUDE_EXIT_CODE,
//   else from the sibling .meta.txt "process_exit", else 0), or one of the named modes below.
// FAKE_CLAUDE_RECORD: file to which each invocation appends one JSON line {argv, stdin, pid, cwd}.
// FAKE_CLAUDE_OUTPUT: JSON object of the built-in happy transcript (default {"name":"Ada","age":36}).
// FAKE_CLAUDE_VERSION: printed by --version and in the init line (default 2.1.330).
// FAKE_CLAUDE_HUGE_BYTES: size of the huge line (default 50 MiB). FAKE_CLAUDE_DRIP_MS: pause between
//   drip chunks (default 1 ms).
//
// Like the real CLI in print mode, it reads stdin to EOF before printing anything.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

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
];

const env = process.env;
const version = env.FAKE_CLAUDE_VERSION || '2.1.330';
const argv = process.argv.slice(2);
const SESSION = '00000000-0000-4000-8000-0000000fa4e0';

function record(input) {
  if (!env.FAKE_CLAUDE_RECORD) return;
  const entry = { argv, stdin: input, pid: process.pid, cwd: process.cwd() };
  appendFileSync(env.FAKE_CLAUDE_RECORD, `${JSON.stringify(entry)}\n`);
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

function hangForever() {
  setInterval(() => {}, 1 << 30);
}

function structuredOutputValue() {
  return env.FAKE_CLAUDE_OUTPUT ? JSON.parse(env.FAKE_CLAUDE_OUTPUT) : { name: 'Ada', age: 36 };
}

function initLine() {
  return {
    type: 'system',
    subtype: 'init',
    cwd: process.cwd(),
    session_id: SESSION,
    tools: ['Bash', 'Edit', 'Read', 'StructuredOutput', 'Write'],
    mcp_servers: [],
    model: 'claude-sonnet-4-5',
    permissionMode: 'default',
    apiKeySource: 'ANTHROPIC_API_KEY',
    claude_code_version: version,
    uuid: '00000000-0000-4000-8000-000000000001',
  };
}

function assistantLine(content, id = 'msg_fake_1') {
  return {
    type: 'assistant',
    message: {
      id,
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [content],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 100, output_tokens: 1 },
    },
    parent_tool_use_id: null,
    session_id: SESSION,
  };
}

function happyLines() {
  const output = structuredOutputValue();
  return [
    initLine(),
    assistantLine({ type: 'tool_use', id: 'toolu_fake_1', name: 'StructuredOutput', input: output }),
    {
      type: 'user',
      message: {
        role: 'user',
        content: [
          {
            tool_use_id: 'toolu_fake_1',
            type: 'tool_result',
            content: 'Structured output provided successfully',
          },
        ],
      },
      parent_tool_use_id: null,
      session_id: SESSION,
    },
    resultLine(output),
  ];
}

function resultLine(output) {
  return {
    type: 'result',
    subtype: 'success',
    is_error: false,
    duration_ms: 120,
    duration_api_ms: 50,
    num_turns: 2,
    result: JSON.stringify(output),
    session_id: SESSION,
    total_cost_usd: 0.00093,
    usage: { input_tokens: 100, output_tokens: 42 },
    structured_output: output,
  };
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
    // Replayed byte for byte: the lines stay exactly as the real CLI printed them.
    await write(readFileSync(scenario, 'utf8'));
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
record(await readStdin());
await run(env.FAKE_CLAUDE_SCENARIO || 'happy');
