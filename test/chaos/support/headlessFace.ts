// A row through the headless face: `node bin/puffin.cjs prompt --schema <the stories schema, as a file> --envelope
// stories`, exactly as a user runs it, with the row's marker (CHAOS_TAG) in its environment so that everything it starts,
// itself included, can be found afterwards.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getSchema } from '../../../src/main/llm/schemas';
import type { Action } from '../faults';
import { CHAOS_TAG, type RowResult, waitUntil } from './rowResult';
import { survivorsAfter } from './processes';
import { rowTag, type RowCli } from './setup';
import { scratchDir } from '../../support/scratchDir';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
/** The stories schema as a file, the way `puffin prompt --schema` takes one (it is built from shared limits). */
const STORIES_SCHEMA = path.join(scratchDir('puffin-chaos-schema-'), 'stories.schema.json');
writeFileSync(STORIES_SCHEMA, JSON.stringify(getSchema('stories').schema));

/** The outcome a headless run printed: 'ok', the error code, or why there is none. */
function outcomeOf(stdout: string, signal: NodeJS.Signals | null): string {
  if (signal === 'SIGKILL') return 'killed';
  const lines = stdout.split('\n').filter((l) => l.trim() !== '');
  if (lines.length !== 1) return lines.length === 0 ? 'no_output' : 'more_than_one_object';
  try {
    const out = JSON.parse(lines[0]!) as { data?: unknown; error?: { code?: string } };
    if (out.error?.code) return out.error.code;
    return Array.isArray(out.data) && out.data.length > 0 ? 'ok' : 'unexpected_data';
  } catch {
    return 'not_json';
  }
}

export async function runHeadless(
  cli: RowCli,
  env: NodeJS.ProcessEnv,
  action: Action | undefined,
): Promise<RowResult> {
  const tag = rowTag();
  const started = Date.now();
  const puffin = spawn(
    process.execPath,
    ['bin/puffin.cjs', 'prompt', '--schema', STORIES_SCHEMA, '--envelope', 'stories'],
    {
      cwd: repo,
      env: {
        ...env,
        PUFFIN_CLAUDE_PATH: cli.cliPath,
        PUFFIN_USER_DATA: scratchDir('puffin-chaos-user-'),
        [CHAOS_TAG]: tag,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  puffin.stdin.end(cli.prompt);
  let stdout = '';
  let stderr = '';
  puffin.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  puffin.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)));
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    puffin.once('exit', (_code, signal) => resolve(signal)),
  );
  if (action) {
    await waitUntil(cli.started, 60_000);
    const signal = action === 'cancel' ? 'SIGINT' : action;
    puffin.kill(signal);
  }
  const signal = await exited;
  const ms = Date.now() - started;
  const survivors = await survivorsAfter(tag, 10_000, CHAOS_TAG);
  return { outcome: outcomeOf(stdout, signal), ms, survivors, runIds: cli.runIds(), evidence: stderr };
}
