// Turns one real-CLI run into the measurements the CLI builds table is made of (scripts/cliBuildsReport.d.mts).
import type { CliObservation, FlagObservation, PuffinOutcome } from '../../scripts/cliBuildsReport.mjs';
import { PromptError } from '../../src/main/llm/errors';
import type { CliRun } from '../support/realCli';
import type { ExpectedOutcome } from '../support/scenarios';
import { summarizeTranscript } from '../support/transcript';

const MESSAGE_LIMIT = 160;

function bounded(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MESSAGE_LIMIT ? `${line.slice(0, MESSAGE_LIMIT - 1)}…` : line;
}

function firstStderrLine(stderr: string): string {
  return bounded(stderr.split('\n').find((line) => line.trim() !== '') ?? '');
}

/** The first key of the last result line as printed (the order JSON.parse keeps is the line's). */
function resultFirstKey(run: CliRun): string {
  const line = run.rawLines.findLast((raw) => raw.includes('"type":"result"'));
  const parsed = line ? (JSON.parse(line) as Record<string, unknown>) : {};
  return Object.keys(parsed)[0] ?? '';
}

export function observeRun(run: CliRun, mainRequests: number): CliObservation {
  const summary = summarizeTranscript(run.events);
  const result = summary.result;
  const tools = summary.init?.tools;
  const errors = result?.errors;
  const message = Array.isArray(errors) && typeof errors[0] === 'string' ? errors[0] : result?.result;
  return {
    exitCode: run.exitCode ?? null,
    stderr: firstStderrLine(run.stderr),
    offersStructuredOutput: Array.isArray(tools) ? tools.includes('StructuredOutput') : null,
    result: result
      ? {
          subtype: String(result.subtype),
          isError: result.is_error === true,
          firstKey: resultFirstKey(run),
          hasStructuredOutput: 'structured_output' in result,
          message: bounded(typeof message === 'string' ? message : ''),
        }
      : null,
    nudges: summary.nudges.length,
    apiRetries: summary.apiRetries.length,
    streamEvents: summary.streamEvents.length,
    mainRequests,
  };
}

export function observeFlags(name: string, args: string[], run: CliRun): FlagObservation {
  const summary = summarizeTranscript(run.events);
  const tools = summary.init?.tools;
  return {
    name,
    args,
    exitCode: run.exitCode ?? null,
    stderr: firstStderrLine(run.stderr),
    tools: Array.isArray(tools) ? tools.map(String) : null,
    resultSubtype: summary.result ? String(summary.result.subtype) : null,
  };
}

/** sendPrompt's settled promise as an outcome; anything but a PromptError is a bug and is thrown. */
export async function puffinOutcome(
  call: Promise<{ data: unknown; source: string }>,
): Promise<PuffinOutcome> {
  try {
    const { data, source } = await call;
    return { ok: true, source, data };
  } catch (error) {
    if (!(error instanceof PromptError)) throw error;
    return { ok: false, code: error.code };
  }
}

export function asOutcome(expected: ExpectedOutcome): PuffinOutcome {
  return expected.ok ? { ok: true, source: expected.source, data: expected.data } : expected;
}
