// A real MCP client end to end: the Claude Code CLI (2.1.330) with --mcp-config pointing at `puffin mcp`, against
// the loopback Messages API mock. Only the model's replies are scripted: it calls mcp__puffin__get_story, then tries
// mcp__puffin__set_story_status done on a story whose assertion fails. With ENABLE_TOOL_SEARCH=false the CLI offers
// the MCP tools directly instead of behind ToolSearch.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { text, toolCall } from '../support/mockTurns';
import type { MockTurn, RequestContentBlock } from '../support/mockTypes';
import { PUFFIN_BIN } from '../support/puffinBin';
import { claudeBinary, runCli } from '../support/realCli';
import { realCliWorld, useRealCliTimeouts } from '../support/realCliTest';
import { toolResultText } from '../support/requestInspection';
import { implementAlpha, seedMcpProject } from './mcpWorld';

useRealCliTimeouts();

describe('Claude Code as the MCP client of puffin mcp', () => {
  it('reads a story through mcp__puffin__get_story; done is refused while its assertion fails, accepted once it passes', async () => {
    // The story ids exist once the world's project is seeded: the replies are chosen per request.
    const turns: MockTurn[] = [];
    const world = await realCliWorld({ name: 'mcp-client', respond: (_body, i) => turns[i] });
    const project = await seedMcpProject(world.project);
    turns.push(
      toolCall('mcp__puffin__get_story', { id: project.ids.a }),
      toolCall('mcp__puffin__set_story_status', { id: project.ids.a, status: 'done' }),
      text('Alpha is not done: its assertion fails.'),
    );
    const config = path.join(world.dir, 'mcp.json');
    const server = { command: process.execPath, args: [PUFFIN_BIN, 'mcp', '--project', world.project] };
    writeFileSync(config, JSON.stringify({ mcpServers: { puffin: server } }));
    const tools = ['mcp__puffin__get_story', 'mcp__puffin__set_story_status'];
    const options = {
      args: [
        '-p',
        '--output-format',
        'stream-json',
        '--verbose',
        '--max-turns',
        '5',
        '--strict-mcp-config',
        '--mcp-config',
        config,
        '--allowedTools',
        ...tools,
      ],
      prompt: 'Finish story Alpha.',
      env: { ...world.env, ENABLE_TOOL_SEARCH: 'false' },
      cwd: world.project,
      progress: world.progress,
    };
    const run = await runCli(claudeBinary('current'), options);
    expect(run.exitCode, run.stderr).toBe(0);

    const main = world.mock.mainRequests();
    const offered = (main[0]!.body!.tools ?? []).map((t) => t.name);
    expect(offered).toEqual(expect.arrayContaining(tools));
    const last = main.at(-1)!.body!.messages;
    const results = last.flatMap((m) =>
      Array.isArray(m.content) ? m.content.filter((b: RequestContentBlock) => b.type === 'tool_result') : [],
    );
    expect(results).toHaveLength(2);
    expect(toolResultText(results[0]!)).toContain('Alpha');
    expect(results[0]!.is_error).toBeFalsy();
    expect(results[1]!.is_error).toBe(true);
    expect(toolResultText(results[1]!)).toContain('not_verified');
    expect(toolResultText(results[1]!)).toContain('a-file');
    const storedStatus = () =>
      (
        JSON.parse(
          readFileSync(path.join(world.project, '.puffin', 'stories', `${project.ids.a}.json`), 'utf8'),
        ) as { status: string }
      ).status;
    expect(storedStatus()).toBe('pending');

    // Once the assertion passes, the same call from the agent is accepted.
    implementAlpha(world.project);
    turns.push(
      toolCall('mcp__puffin__set_story_status', { id: project.ids.a, status: 'done' }),
      text('Alpha is done and verified.'),
    );
    const again = await runCli(claudeBinary('current'), { ...options, prompt: 'Finish story Alpha again.' });
    expect(again.exitCode, again.stderr).toBe(0);
    const accepted = world.mock
      .mainRequests()
      .at(-1)!
      .body!.messages.flatMap((m) => (Array.isArray(m.content) ? m.content : []))
      .filter((b) => b.type === 'tool_result');
    expect(accepted.at(-1)!.is_error).toBeFalsy();
    expect(storedStatus()).toBe('done');
  });
});
