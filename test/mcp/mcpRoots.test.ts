// Which project `puffin mcp` works on: --project, else PUFFIN_PROJECT, else the client's first root that is a
// folder, else its working directory; a project outside every root the client gave is refused.
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scratchDir } from '../support/scratchDir';
import { connectMcp, seedMcpProject, type McpProject, type McpSession } from './mcpWorld';

let project: McpProject;
const sessions: McpSession[] = [];

beforeAll(async () => {
  project = await seedMcpProject();
});
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
});

async function listed(args: string[], options: Parameters<typeof connectMcp>[1]) {
  const s = await connectMcp(args, options);
  sessions.push(s);
  return (await s.client.callTool({ name: 'list_stories', arguments: {} })) as unknown as {
    isError?: boolean;
    structuredContent: { total?: number; error?: { code: string; message: string } };
  };
}

describe('puffin mcp: which project', () => {
  it("uses the client's first root that is a folder when no project is named", async () => {
    const missing = path.join(scratchDir('puffin-mcp-gone-'), 'not-there');
    const r = await listed([], { roots: [missing, project.dir] });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent.total).toBe(3);
  });

  it('refuses a --project outside every root the client gave (outside_roots)', async () => {
    const elsewhere = scratchDir('puffin-mcp-root-');
    const r = await listed(['--project', project.dir], { roots: [elsewhere] });
    expect(r.isError).toBe(true);
    expect(r.structuredContent.error!.code).toBe('outside_roots');
    expect(r.structuredContent.error!.message).toContain(elsewhere);
  });

  it('takes --project inside a root', async () => {
    const r = await listed(['--project', project.dir], { roots: [path.dirname(project.dir)] });
    expect(r.structuredContent.total).toBe(3);
  });

  it('takes PUFFIN_PROJECT over the roots', async () => {
    const r = await listed([], { env: { PUFFIN_PROJECT: project.dir } });
    expect(r.structuredContent.total).toBe(3);
  });

  it('falls back to its working directory when the client has no roots', async () => {
    const r = await listed([], { cwd: project.dir });
    expect(r.structuredContent.total).toBe(3);
  });
});
