import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseTranscript } from '../stream';
import { extractStructured } from './extractStructured';
import type { FailureCode } from './extraction';
import { sharedDataDir, type CliFixtureExpected } from '../../../../../test/support/sharedData';

const fixtureDir = sharedDataDir('cli');

/** Failure codes for the transcripts without data, read off each .meta.txt scenario. */
const EXPECTED_FAILURE: Record<string, FailureCode> = {
  m06: 'structured_output_retries_exhausted',
  m07: 'no_structured_output',
  m08: 'max_turns',
  m11: 'structured_output_retries_exhausted',
  m12: 'no_structured_output',
  m17: 'structured_output_retries_exhausted',
  m18: 'max_turns',
  m19: 'not_logged_in',
  m20: 'not_logged_in',
};

const names = readdirSync(fixtureDir)
  .filter((f) => f.endsWith('.jsonl'))
  .map((f) => f.replace(/\.jsonl$/, ''))
  .sort();

describe('extractStructured on the 20 recorded CLI transcripts', () => {
  it('has all 20 transcripts', () => {
    expect(names).toHaveLength(20);
  });

  it.each(names)('%s matches its .expected.json', (name) => {
    const events = parseTranscript(readFileSync(path.join(fixtureDir, `${name}.jsonl`), 'utf8'));
    const expected = JSON.parse(
      readFileSync(path.join(fixtureDir, `${name}.expected.json`), 'utf8'),
    ) as CliFixtureExpected;
    const extraction = extractStructured(events);
    const id = name.slice(0, 3);
    const version = /^m\d\d-([\d.]+)-/.exec(name)?.[1];
    expect(extraction.meta.cliVersion).toBe(version);
    expect(extraction.meta.sessionId).toMatch(/^[0-9a-f-]{36}$/);

    if (expected.has_structured_output) {
      expect(extraction).toMatchObject({
        ok: true,
        source: 'structured_output',
        data: expected.structured_output,
      });
      expect(extraction.meta.turns).toBeGreaterThan(0);
    } else if (expected.recoverable_from_successful_tool_use !== undefined) {
      // Policy: a StructuredOutput call the CLI acknowledged as valid is the answer even if the run then hit
      // max turns; the warning records that the result line itself carried nothing.
      expect(extraction).toMatchObject({
        ok: true,
        source: 'tool_use',
        data: expected.recoverable_from_successful_tool_use,
        resultSubtype: expected.result_subtype,
      });
      expect(extraction.ok && extraction.warnings[0]).toMatch(/error_max_turns/);
    } else {
      expect(extraction.ok).toBe(false);
      if (extraction.ok) return;
      expect(extraction.failure.code).toBe(EXPECTED_FAILURE[id]);
      expect(extraction.failure.resultSubtype).toBe(expected.result_subtype);
      expect(extraction.failure.resultIsError).toBe(expected.result_is_error);
    }
  });

  it('gives the model prose to the legacy path when the model never called the tool (m07)', () => {
    const events = parseTranscript(
      readFileSync(path.join(fixtureDir, 'm07-2.1.197-never-calls.jsonl'), 'utf8'),
    );
    const extraction = extractStructured(events);
    expect(extraction.ok === false && extraction.fallback).toEqual({
      text: 'I refuse to use tools.',
      reason: expect.stringMatching(/^no_structured_output: /),
    });
  });

  it('never hands the "Not logged in" message to the legacy path (m19)', () => {
    const events = parseTranscript(
      readFileSync(path.join(fixtureDir, 'm19-2.1.197-no-credentials.jsonl'), 'utf8'),
    );
    const extraction = extractStructured(events);
    expect(extraction).toMatchObject({ ok: false, failure: { code: 'not_logged_in', retryable: false } });
    expect(extraction.ok === false && extraction.fallback).toBeUndefined();
  });

  it('reports the rejected first call of m05 nowhere in the data', () => {
    const events = parseTranscript(
      readFileSync(path.join(fixtureDir, 'm05-2.1.197-invalid-then-valid.jsonl'), 'utf8'),
    );
    // Drop the result line: the tool_use salvage must still skip the call the CLI rejected.
    const withoutResult = events.filter((e) => e.kind !== 'result');
    expect(extractStructured(withoutResult)).toMatchObject({
      ok: true,
      source: 'tool_use',
      data: { name: 'Ada', age: 36 },
    });
  });
});
