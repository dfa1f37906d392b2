// A project for the MCP server's tests, written through the app's own store modules: three stories in a sprint
// with an approved plan (B depends on A), assertions for A and B (none for C), a RIS for A. And the official
// SDK's Client over stdio, driving `node bin/puffin.cjs mcp` as an agent's client starts it.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Assertion } from '../../src/shared/assertions';
import type { PlanItem } from '../../src/shared/plans';
import { writeStoryAssertions } from '../../src/main/assertions/storySets';
import { PlanStore } from '../../src/main/plans/planStore';
import { StoriesRepo } from '../../src/main/store/storiesRepo';
import { fakeClaudePath } from '../support/fakeCli';
import { PUFFIN_BIN } from '../support/puffinBin';
import { scratchDir } from '../support/scratchDir';

export interface McpProject {
  dir: string;
  ids: { a: string; b: string; c: string };
  sprintId: string;
}

const draft = (title: string) => ({
  title,
  description: `As a user I want ${title.toLowerCase()} so that it works.`,
  acceptanceCriteria: [`${title} works`],
});

function item(order: number, storyId: string, title: string, dependencies: string[]): PlanItem {
  return {
    order,
    storyId,
    title,
    approach: `Write ${title}.`,
    filesCreated: [`src/${title.toLowerCase()}.ts`],
    filesModified: [],
    dependencies,
    complexity: 'low',
    notes: '',
  };
}

/** Seeds `dir` (default a new scratch folder). */
export async function seedMcpProject(dir = scratchDir('puffin-mcp-project-')): Promise<McpProject> {
  const store = path.join(dir, '.puffin');
  const [a, b, c] = await new StoriesRepo(store).accept([draft('Alpha'), draft('Beta'), draft('Gamma')]);
  const ids = { a: a!.id, b: b!.id, c: c!.id };
  const sprintId = 'sprint-1';
  const at = new Date().toISOString();
  const plans = new PlanStore(store);
  await plans.sprints.put({
    id: sprintId,
    title: 'First sprint',
    storyIds: [ids.a, ids.b, ids.c],
    status: 'open',
    createdAt: at,
    updatedAt: at,
  });
  const planItems = [
    item(1, ids.a, 'Alpha', []),
    item(2, ids.b, 'Beta', [ids.a]),
    item(3, ids.c, 'Gamma', []),
  ];
  await plans.plans.put({
    sprintId,
    revisions: [
      {
        number: 1,
        kind: 'generated',
        createdAt: at,
        plan: { planItems, sharedComponents: [], risks: [], implementationOrder: [ids.a, ids.b, ids.c] },
        changelog: [],
        followUpQuestions: [],
      },
    ],
    current: 1,
    approved: { revision: 1, at },
  });
  const sections = { context: 'c', objective: 'o', navigation: 'n', instructions: 'i', conventions: 'v' };
  await plans
    .ris(sprintId)
    .put({ sprintId, storyId: ids.a, markdown: '# RIS of Alpha', sections, createdAt: at });
  const fileExists = (id: string, target: string, message: string) =>
    ({ id, type: 'FILE_EXISTS', target, message, assertion: {} }) as unknown as Assertion;
  await writeStoryAssertions(dir, ids.a, [fileExists('a-file', 'src/alpha.ts', 'Alpha has its module')]);
  await writeStoryAssertions(dir, ids.b, [fileExists('b-file', 'src/beta.ts', 'Beta has its module')]);
  return { dir, ids, sprintId };
}

/** Makes Alpha's assertion pass. */
export function implementAlpha(dir: string): void {
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  writeFileSync(path.join(dir, 'src', 'alpha.ts'), 'export const alpha = 1;\n');
}

export interface McpSession {
  client: Client;
  stderr: () => string;
  close: () => Promise<void>;
}

/** `puffin mcp <args>` started by the SDK's stdio transport; `roots` are offered when given. */
export async function connectMcp(
  args: string[],
  options: { roots?: string[]; cwd?: string; env?: Record<string, string> } = {},
): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [PUFFIN_BIN, 'mcp', ...args],
    cwd: options.cwd ?? scratchDir('puffin-mcp-cwd-'),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: scratchDir('puffin-mcp-home-'),
      PUFFIN_USER_DATA: scratchDir('puffin-mcp-user-'),
      PUFFIN_CLAUDE_PATH: fakeClaudePath(),
      ...options.env,
    },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client(
    { name: 'puffin-test', version: '1.0.0' },
    { capabilities: options.roots ? { roots: { listChanged: true } } : {} },
  );
  if (options.roots) {
    const roots = options.roots.map((r) => ({ uri: pathToFileURL(r).href, name: path.basename(r) }));
    client.setRequestHandler(ListRootsRequestSchema, () => ({ roots }));
  }
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}
