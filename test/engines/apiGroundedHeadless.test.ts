// Headless on another engine, grounded: `puffin prompt --schema F --provider openai --project DIR` as users run
// it. The scripted model reads the file holding the random token through Puffin's project tools and returns it;
// meta.read lists what it read, as for the CLI; the secret beside the project never reaches the server.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { groundedProject, tokenIn, TOKEN_SCHEMA } from '../support/groundedProject';
import { mockPerTest } from '../support/llmMockTest';
import { answer } from '../support/mockLlmTypes';
import { startMockOpenAiApi } from '../support/mockOpenAiApi';
import { runPuffin } from '../support/puffinBin';
import { scratchDir } from '../support/scratchDir';

const slot = mockPerTest();

describe('puffin prompt --provider openai --project (headless, grounded)', () => {
  it('reads the project through the tools and lists what it read in meta.read', async () => {
    const project = groundedProject();
    const schemaFile = path.join(scratchDir('puffin-grounded-schema-'), 'token.json');
    writeFileSync(schemaFile, JSON.stringify(TOKEN_SCHEMA));
    const mock = slot.use(
      await startMockOpenAiApi({
        respond: (body, i) => {
          const b = body as { response_format?: unknown };
          if (i === 0)
            return {
              kind: 'tools',
              calls: [
                { name: 'Read', args: { file_path: 'src/token.ts' } },
                { name: 'Read', args: { file_path: '.env' } },
              ],
            };
          return b.response_format ? answer({ token: tokenIn(body) ?? 'none' }) : answer('done');
        },
      }),
    );
    const run = await runPuffin(
      [
        'prompt',
        '--schema',
        schemaFile,
        '--provider',
        'openai',
        '--model',
        'gpt-4o-mini',
        '--base-url',
        mock.url,
        '--project',
        project.root,
      ],
      {
        env: { PATH: process.env.PATH ?? '', OPENAI_API_KEY: 'sk-headless-grounded-1234' },
        input: 'What is the token?',
      },
    );
    const json = JSON.parse(run.stdout) as { data: unknown; meta: Record<string, unknown> };
    expect(run.exitCode).toBe(0);
    expect(json.data).toEqual({ token: project.token });
    expect(json.meta).toMatchObject({ provider: 'openai', read: ['src/token.ts'], turns: 3 });
    expect(JSON.stringify(mock.requests)).not.toContain(project.secret);
  });
});
