// What one row needs whatever the face: the CLI to point Puffin at, the prompt (carrying the fake's fault, or the
// mock's), and the per-row marker the CLI's environment will carry.
import { randomBytes } from 'node:crypto';
import { claudeExecutable } from '../../support/realCli';
import {
  fakeClaudePath,
  makeRecordFile,
  missingClaudePath,
  nonExecutableClaudePath,
  readFakeClaudeRecord,
} from '../../support/fakeCli';
import type { CliSetup } from '../faults';

export const PROMPT = 'Derive the user stories: Puffin must survive a broken CLI.';

export interface RowCli {
  /** For PUFFIN_CLAUDE_PATH. */
  cliPath: string;
  /** The prompt, with the fault's directive line for the fake or the mock. */
  prompt: string;
  /** Where the fake records its runs (marker, pid); none for the real CLI. */
  recordFile?: string;
  /** True once the CLI of the row has started (the fake has recorded; the mock has been asked). */
  started: () => boolean;
  /** The PUFFIN_RUN_ID markers of the row's CLI runs so far. */
  runIds: () => string[];
  /** The mock's directive line (real CLI rows), to count the API calls the row cost. */
  directive?: string;
}

/** A fresh marker value for a row's environment (never a real run id). */
export function rowTag(): string {
  return `chaos-${randomBytes(6).toString('hex')}`;
}

/**
 * The CLI side of a row. `mockAsked` tells whether the mock has seen this prompt's directive (real CLI rows).
 */
export function rowCli(setup: CliSetup, mockAsked: (directive: string) => boolean): RowCli {
  if (setup.kind === 'fake') {
    const recordFile = makeRecordFile();
    const directive = JSON.stringify({ ...setup.options, record: recordFile });
    const runs = () => readFakeClaudeRecord(recordFile);
    return {
      cliPath: fakeClaudePath(),
      prompt: `fake-claude: ${directive}\n${PROMPT}`,
      recordFile,
      started: () => runs().length > 0,
      runIds: () => runs().flatMap((r) => (r.runId ? [r.runId] : [])),
    };
  }
  if (setup.kind === 'real') {
    const directive = `mock-fault: ${setup.fault} ${rowTag()}`;
    return {
      cliPath: claudeExecutable('current'),
      prompt: `${directive}\n${PROMPT}`,
      directive,
      started: () => mockAsked(directive),
      runIds: () => [],
    };
  }
  return {
    cliPath: setup.kind === 'missing' ? missingClaudePath() : nonExecutableClaudePath(),
    prompt: PROMPT,
    started: () => true,
    runIds: () => [],
  };
}
