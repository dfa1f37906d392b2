// derive_stories over MCP with the fake Claude CLI: drafts come back (never into the backlog), progress
// notifications arrive while it runs, and an MCP cancellation stops the CLI process it started.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRecordFile, readFakeClaudeRecord } from '../support/fakeCli';
import { connectMcp, seedMcpProject, type McpProject, type McpSession } from './mcpWorld';

let project: McpProject;
let mcp: McpSession;
const record = makeRecordFile();

beforeAll(async () => {
  project = await seedMcpProject();
  mcp = await connectMcp(['--project', project.dir], { env: { FAKE_CLAUDE_RECORD: record } });
});
afterAll(async () => {
  await mcp?.close();
});

const directive = (options: object) =>
  `Split checkout into stories.\nfake-claude: ${JSON.stringify(options)}`;
const drafted = {
  stories: [
    {
      title: 'Pay by card',
      description: 'As a buyer I want to pay by card so that I can check out.',
      acceptanceCriteria: ['A card payment succeeds'],
    },
  ],
};

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves once the OS reports the process gone; bounded, so a process left running fails the test. */
async function gone(pid: number, withinMs: number): Promise<boolean> {
  const end = Date.now() + withinMs;
  while (alive(pid) && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
  return !alive(pid);
}

describe('puffin mcp: derive_stories', () => {
  it('answers drafts and reports progress; the backlog is unchanged', async () => {
    const progress: string[] = [];
    const r = (await mcp.client.callTool(
      { name: 'derive_stories', arguments: { request: directive({ scenario: 'happy', output: drafted }) } },
      undefined,
      { onprogress: (p) => progress.push(p.message ?? '') },
    )) as unknown as { isError?: boolean; structuredContent: { drafts: unknown[] } };
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent.drafts).toEqual(drafted.stories);
    expect(progress.length).toBeGreaterThan(0);
    const listed = (await mcp.client.callTool({ name: 'list_stories', arguments: {} })) as unknown as {
      structuredContent: { total: number };
    };
    expect(listed.structuredContent.total).toBe(3);
  });

  it('a cancellation stops the engine call: the CLI process it started is gone', async () => {
    const before = readFakeClaudeRecord(record).length;
    const controller = new AbortController();
    const running = mcp.client.callTool(
      { name: 'derive_stories', arguments: { request: directive({ scenario: 'hang-after-init' }) } },
      undefined,
      {
        signal: controller.signal,
        // The CLI printed its first line: it is running (and recorded its pid before that).
        onprogress: (p) => {
          if (p.message?.startsWith('running')) controller.abort('the agent gave up');
        },
      },
    );
    await expect(running).rejects.toThrow();
    // Its title is a call of its own (made in the background), answered at once by the fake.
    const started = readFakeClaudeRecord(record)
      .slice(before)
      .filter((r) => r.stdin.includes('hang-after-init') && r.argv.join(' ').includes('"stories"'));
    expect(started).toHaveLength(1);
    expect(await gone(started[0]!.pid, 10_000)).toBe(true);
    // The server still answers after the cancellation.
    const listed = (await mcp.client.callTool({ name: 'list_stories', arguments: {} })) as unknown as {
      structuredContent: { total: number };
    };
    expect(listed.structuredContent.total).toBe(3);
  });
});
