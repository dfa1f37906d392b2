// sendPrompt end to end through test/support/fakeClaude.mjs: every recorded transcript of test/fixtures/cli
// replayed byte for byte and compared with its .expected.json (the faults are in fake-cli-faults.test.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PromptError } from '../../src/main/llm/errors';
import { makeRecordFile, readFakeClaudeRecord } from '../support/fakeCli';
import { fake, PERSON, PROMPT } from './harness';
import type { CliFixtureExpected } from '../support/sharedData';

const FIXTURES = fileURLToPath(new URL('../fixtures/cli/', import.meta.url));

/** What each failing transcript means, read off its .meta.txt scenario (not computed by the code under test). */
const FAILURE_BY_FIXTURE: Record<string, string> = {
  m06: 'structured_output_retries_exhausted', // 5 invalid calls
  m07: 'no_structured_output', // prose only, 2.1.197
  m08: 'max_turns', // the only turn spent on another tool
  m11: 'structured_output_retries_exhausted',
  m12: 'no_structured_output', // prose only, 2.1.330
  m17: 'structured_output_retries_exhausted', // 2.0.77 (is_error false)
  m18: 'max_turns', // 2.0.77 Stop-hook loop
  m19: 'not_logged_in',
  m20: 'not_logged_in',
};

const transcripts = existsSync(FIXTURES)
  ? readdirSync(FIXTURES)
      .filter((f) => f.endsWith('.jsonl'))
      .sort()
  : [];

describe('sendPrompt over recorded CLI transcripts (fakeClaude replay)', () => {
  it('has all 20 recorded transcripts to replay', () => {
    expect(transcripts).toHaveLength(20);
  });

  it.each(transcripts)('%s', async (file) => {
    const id = file.slice(0, 3);
    const expected = JSON.parse(
      readFileSync(path.join(FIXTURES, file.replace(/\.jsonl$/, '.expected.json')), 'utf8'),
    ) as CliFixtureExpected;
    const recordFile = makeRecordFile();
    const { sendPrompt } = fake({ scenario: path.join(FIXTURES, file), recordFile });
    const outcome = await sendPrompt({ workflow: 'cli-prompt', prompt: PROMPT, schema: PERSON }).then(
      (r) => ({ ok: true as const, r }),
      (e: PromptError) => ({ ok: false as const, e }),
    );
    if (expected.has_structured_output) {
      expect(outcome).toMatchObject({
        ok: true,
        r: { data: expected.structured_output, source: 'structured_output', warnings: [] },
      });
    } else if (expected.recoverable_from_successful_tool_use !== undefined) {
      expect(outcome).toMatchObject({
        ok: true,
        r: { data: expected.recoverable_from_successful_tool_use, source: 'tool_use' },
      });
      expect(outcome.ok && outcome.r.warnings).toEqual([
        expect.stringContaining('StructuredOutput call the CLI acknowledged'),
      ]);
    } else {
      expect(outcome.ok).toBe(false);
      const error = (outcome as { e: PromptError }).e;
      expect(error).toBeInstanceOf(PromptError);
      expect(error.code).toBe(FAILURE_BY_FIXTURE[id]);
      expect(error.diagnostics).toMatchObject({
        workflow: 'cli-prompt',
        resultSubtype: expected.result_subtype,
      });
      expect(error.diagnostics.rawLines?.length).toBeGreaterThan(0);
      expect(error.diagnostics.cliVersion).toMatch(/^2\.\d+\.\d+$/);
    }
    // The argv and stdin the fake received: schema as one JSON string, prompt on stdin only.
    const calls = readFakeClaudeRecord(recordFile);
    expect(calls[0]!.stdin).toBe(PROMPT);
    expect(calls[0]!.argv[calls[0]!.argv.indexOf('--json-schema') + 1]).toBe(JSON.stringify(PERSON));
    expect(calls[0]!.argv).not.toContain(PROMPT);
    // A missing structured output is asked for once more; nothing else is retried.
    const runs = FAILURE_BY_FIXTURE[id] === 'no_structured_output' ? 2 : 1;
    expect(calls).toHaveLength(runs);
  });
});
