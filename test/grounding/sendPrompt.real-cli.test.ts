// sendPrompt with `grounding` against the real CLI (both builds) and the mock API: the call runs in the project
// with read-only tools, the model's read comes back in the data, and the result says what was read and refused.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { structured, toolCalls } from '../support/mockTurns';
import type { CliVersionName } from '../support/realCli';
import { realCliWorld, useRealCliTimeouts } from '../support/realCliTest';
import { lastToolResults, toolResultText } from '../support/requestInspection';
import { harness } from '../sendprompt/harness';

const SCHEMA = {
  type: 'object',
  properties: { seen: { type: 'array', items: { type: 'string' } } },
  required: ['seen'],
};

useRealCliTimeouts();

describe.each<CliVersionName>(['current', 'old'])('sendPrompt grounded, real CLI (%s)', (which) => {
  it('runs in the project, reads what the model asks for there, and reports it', async () => {
    const token = `PUFFIN_${randomBytes(6).toString('hex')}`;
    const secret = `PUFFIN_${randomBytes(6).toString('hex')}`;
    const world = await realCliWorld({
      which,
      name: 'grounded-call',
      projectFiles: { 'docs/token.md': `token ${token}\n`, '.env': `KEY=${secret}\n` },
      respond: (body, i) => {
        if (i === 0) {
          return toolCalls(
            { name: 'Read', input: { file_path: 'docs/token.md' } },
            { name: 'Read', input: { file_path: '.env' } },
          );
        }
        if (i === 1) {
          const text = lastToolResults(body).map(toolResultText).join('\n');
          return structured({ seen: text.match(/PUFFIN_[0-9a-f]{12}/g) ?? [] });
        }
        return undefined;
      },
    });
    const { mock, project } = world;
    const { sendPrompt } = harness({ cliPath: world.claudePath, env: world.env });
    const result = await world.guard(
      sendPrompt<{ seen: string[] }>({
        workflow: 'cli-prompt',
        prompt: 'Which tokens does the project hold?',
        schema: SCHEMA,
        maxTurns: 2,
        grounding: { root: project },
      }),
      'grounded sendPrompt',
    );
    expect(result.data.seen).toEqual([token]);
    expect(result.grounding?.filesRead).toEqual(['docs/token.md']);
    expect(result.grounding?.refused.map((r) => r.tool)).toEqual(['Read']);
    expect(result.grounding?.violations).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(mock.requests.some((r) => r.rawBody.includes(secret))).toBe(false);
    // The call ran in the project (the CLI's init line names its working directory).
    expect(mock.mainRequests()[0]?.rawBody).toContain(project);
  });
});
