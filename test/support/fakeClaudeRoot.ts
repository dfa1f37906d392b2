// The app's composition root for unit tests that call the model through the fake Claude CLI.
import { join } from 'node:path';
import { createRoot, type Root } from '../../src/main/app/core';
import { fakeClaudePath } from './fakeCli';
import { instantRetries } from './instantRetries';

export interface FakeClaudeRoot {
  root: Root;
  /** What the CLI runs with; a test changes it in place (fakeClaudeEnv's scenario, another CLI path). */
  env: Record<string, string>;
}

/** A CLI-face root on `<dir>/user-data` whose CLI calls run the fake Claude with `env` and retry at once. */
export async function createFakeClaudeRoot(dir: string): Promise<FakeClaudeRoot> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', PUFFIN_CLAUDE_PATH: fakeClaudePath() };
  const root = await createRoot({
    userDataDir: join(dir, 'user-data'),
    platform: { face: 'cli' },
    llm: { env: () => env, retry: instantRetries },
  });
  return { root, env };
}
