// `puffin mcp` as an agent's MCP client sees it: the official SDK's Client over stdio drives every core tool, the
// done refusal, a refused payload, and the resource.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestSchemas, type RequestChannel } from '../../src/shared/ipc/contract';
import { connectMcp, implementAlpha, seedMcpProject, type McpProject, type McpSession } from './mcpWorld';

let project: McpProject;
let mcp: McpSession;

type ToolAnswer = { isError?: boolean; structuredContent?: Record<string, unknown>; content: unknown[] };
const call = async (name: string, args: Record<string, unknown> = {}) =>
  (await mcp.client.callTool({ name, arguments: args })) as ToolAnswer;
const errorOf = (r: ToolAnswer) =>
  (r.structuredContent as { error: { code: string; message: string } }).error;

beforeAll(async () => {
  project = await seedMcpProject();
  mcp = await connectMcp(['--project', project.dir]);
});
afterAll(async () => {
  await mcp?.close();
});

const CORE: Record<string, RequestChannel> = {
  list_stories: 'agent:listStories',
  get_story: 'agent:getStory',
  next_story: 'agent:nextStory',
  verify_story: 'agent:verifyStory',
  set_story_status: 'agent:setStoryStatus',
  derive_stories: 'agent:deriveStories',
  get_plan: 'agent:getPlan',
};

describe('puffin mcp: the core tools over stdio', () => {
  it('lists exactly the core tools, each with its contract schema as input and an output schema', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(Object.keys(CORE).sort());
    for (const t of tools) {
      expect(t.inputSchema).toEqual(JSON.parse(JSON.stringify(requestSchemas[CORE[t.name]!])));
      expect(t.outputSchema?.type).toBe('object');
    }
  });

  it('list_stories: every story with a short id and its recorded verdict; filters by words and status', async () => {
    const all = await call('list_stories');
    const stories = all.structuredContent!.stories as { id: string; shortId: string; verdict: string }[];
    expect(stories.map((s) => s.id)).toEqual([project.ids.a, project.ids.b, project.ids.c]);
    const short = stories[0]!.shortId;
    expect(short).toMatch(/^PUF-[0-9a-z]{4,}$/);
    expect(project.ids.a.replace(/-/g, '').startsWith(short.slice('PUF-'.length))).toBe(true);
    expect(stories.find((s) => s.id === project.ids.c)!.verdict).toBe('unspecified');
    const beta = await call('list_stories', { query: 'beta' });
    expect((beta.structuredContent!.stories as { id: string }[]).map((s) => s.id)).toEqual([project.ids.b]);
    const done = await call('list_stories', { status: 'done' });
    expect(done.structuredContent!.total).toBe(0);
  });

  it('get_story by short id: criteria, plan item, RIS, assertions not yet run', async () => {
    const r = await call('get_story', { id: `PUF-${project.ids.b.slice(0, 6)}` });
    expect(r.isError).toBeFalsy();
    const s = r.structuredContent as Record<string, unknown>;
    expect(s.id).toBe(project.ids.b);
    expect(s.acceptanceCriteria).toEqual(['Beta works']);
    expect(s.planItem).toMatchObject({
      order: 2,
      dependencies: [project.ids.a],
      filesCreated: ['src/beta.ts'],
    });
    expect(s.assertions).toEqual([
      {
        id: 'b-file',
        type: 'FILE_EXISTS',
        target: 'src/beta.ts',
        message: 'Beta has its module',
        last: null,
      },
    ]);
    const alpha = await call('get_story', { id: project.ids.a });
    expect(alpha.structuredContent!.ris).toBe('# RIS of Alpha');
  });

  it('get_story of an unknown id is a tool error with the error object', async () => {
    const r = await call('get_story', { id: 'nothing-like-this' });
    expect(r.isError).toBe(true);
    expect(errorOf(r).code).toBe('not_found');
  });

  it('a payload the contract refuses is a tool error from the dispatcher (invalid_payload)', async () => {
    const r = await call('set_story_status', { id: project.ids.a, status: 'finished' });
    expect(r.isError).toBe(true);
    expect(errorOf(r).code).toBe('invalid_payload');
  });

  it('get_plan: the approved plan in order', async () => {
    const r = await call('get_plan', { sprint: project.sprintId });
    const items = r.structuredContent!.items as { storyId: string }[];
    expect(items.map((i) => i.storyId)).toEqual([project.ids.a, project.ids.b, project.ids.c]);
  });

  it('verify, next and done follow the tree: refused while failing, accepted once the assertion passes', async () => {
    const failing = await call('verify_story', { id: project.ids.a });
    expect(failing.structuredContent).toMatchObject({ status: 'failing', regressions: [] });
    expect(failing.structuredContent!.failing).toEqual([
      expect.objectContaining({ assertion: 'a-file', message: 'Alpha has its module', file: 'src/alpha.ts' }),
    ]);
    expect((await call('next_story')).structuredContent!.story).toMatchObject({ id: project.ids.a });

    const refused = await call('set_story_status', { id: project.ids.a, status: 'done' });
    expect(refused.isError).toBe(true);
    expect(errorOf(refused).code).toBe('not_verified');
    expect(errorOf(refused).message).toContain('a-file');
    const noProof = await call('set_story_status', { id: project.ids.c, status: 'done' });
    expect(errorOf(noProof).code).toBe('unspecified');

    implementAlpha(project.dir);
    expect((await call('verify_story', { id: project.ids.a })).structuredContent!.status).toBe('verified');
    const next = await call('next_story');
    expect(next.structuredContent!.story).toMatchObject({ id: project.ids.b });
    const done = await call('set_story_status', { id: project.ids.a, status: 'done' });
    expect(done.isError).toBeFalsy();
    expect(done.structuredContent).toMatchObject({ id: project.ids.a, status: 'done', verdict: 'verified' });
    const other = await call('set_story_status', { id: project.ids.c, status: 'in_progress' });
    expect(other.structuredContent).toMatchObject({ status: 'in_progress' });
  });

  it('reads a story as markdown through puffin://story/{id}', async () => {
    const r = await mcp.client.readResource({ uri: `puffin://story/${project.ids.b}` });
    const text = (r.contents[0] as { text: string }).text;
    expect(text).toContain('# Beta');
    expect(text).toContain('`b-file` FILE_EXISTS src/beta.ts');
    expect(text).toContain(`Depends on: ${project.ids.a}`);
  });
});
