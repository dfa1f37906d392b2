// `puffin mcp --tools all`: the workflows beyond the core set, each on its app channel through the dispatcher.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcp, seedMcpProject, type McpProject, type McpSession } from './mcpWorld';

let project: McpProject;
let mcp: McpSession;

beforeAll(async () => {
  project = await seedMcpProject();
  mcp = await connectMcp(['--project', project.dir, '--tools', 'all']);
});
afterAll(async () => {
  await mcp?.close();
});

describe('puffin mcp --tools all', () => {
  it('adds the workflow tools; create_sprint makes a sprint the core tools then see', async () => {
    const names = (await mcp.client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining(['list_stories', 'create_sprint', 'approve_plan', 'generate_specs']),
    );
    const made = (await mcp.client.callTool({
      name: 'create_sprint',
      arguments: { storyIds: [project.ids.c], title: 'Gamma only' },
    })) as unknown as { isError?: boolean; structuredContent: { id: string } };
    expect(made.isError).toBeFalsy();
    const listed = (await mcp.client.callTool({
      name: 'list_stories',
      arguments: { sprint: made.structuredContent.id },
    })) as unknown as { structuredContent: { stories: { id: string }[] } };
    expect(listed.structuredContent.stories.map((s) => s.id)).toEqual([project.ids.c]);
  });

  it('refuses a bad payload for a workflow tool with the contract error', async () => {
    const r = (await mcp.client.callTool({
      name: 'approve_plan',
      arguments: { sprintId: '../x' },
    })) as unknown as {
      isError?: boolean;
      structuredContent: { error: { code: string } };
    };
    expect(r.isError).toBe(true);
    expect(r.structuredContent.error.code).toBe('invalid_payload');
  });
});
