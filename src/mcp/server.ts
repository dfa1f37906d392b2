/**
 * The MCP face: the official SDK's Server, every tool call one contract request through the composition root's
 * validating dispatcher (face 'mcp'), as the desktop, the host and the CLI make theirs. The tools' input schemas
 * are the contract's JSON Schemas, passed as they are; a refused or failed call is a tool error whose
 * structuredContent is the error object. The project is opened at the first call, once the client's roots are known.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  RootsListChangedNotificationSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { requestSchemas } from '../shared/ipc/contract';
import type { IpcErrorData } from '../shared/ipc/errors';
import type { AgentStory } from '../shared/ipc/agentChannels';
import type { Root } from '../main/app/core';
import { toIpcError } from '../main/base/errors';
import { CORE_TOOLS } from './coreTools';
import { MORE_TOOLS } from './moreTools';
import { chooseProject, rootFolders } from './projectChoice';
import { forwardProgress, type ProgressExtra } from './progress';
import { STORY_TEMPLATE, storyMarkdown, storyUri, storyIdOfUri } from './storyResource';
import type { McpTool } from './toolTypes';

export interface McpOptions {
  root: Root;
  version: string;
  tools: 'core' | 'all';
  /** --project, else PUFFIN_PROJECT; null to ask the client's roots. */
  explicitProject: string | null;
  cwd: string;
}

const RESOURCE_LIST_LIMIT = 200;

function errorResult(error: IpcErrorData): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: `${error.code}: ${error.message}` }],
    structuredContent: { error },
  };
}

export function toolsOf(set: 'core' | 'all'): readonly McpTool[] {
  return set === 'all' ? [...CORE_TOOLS, ...MORE_TOOLS] : CORE_TOOLS;
}

/** The tool definitions as tools/list answers them. */
export function toolDefinitions(tools: readonly McpTool[]) {
  return tools.map((t) => ({
    name: t.name,
    description: t.description,
    inputSchema: requestSchemas[t.channel] as unknown as { type: 'object' },
    outputSchema: t.outputSchema,
  }));
}

export function createMcpServer(opts: McpOptions): Server {
  const { root } = opts;
  const tools = toolsOf(opts.tools);
  const byName = new Map(tools.map((t) => [t.name, t]));
  const server = new Server(
    { name: 'puffin', version: opts.version },
    { capabilities: { tools: {}, resources: {} } },
  );

  let opened: Promise<void> | null = null;
  const openProject = async (): Promise<void> => {
    const roots = server.getClientCapabilities()?.roots
      ? rootFolders((await server.listRoots()).roots)
      : null;
    const path = await chooseProject({ explicit: opts.explicitProject, roots, cwd: opts.cwd });
    const r = await root.dispatch('project:open', { path }, { face: 'mcp' });
    if (!r.ok) throw Object.assign(new Error(r.error.message), { data: r.error });
  };
  /** Opened once; a failure is retried at the next call (the client may fix its roots). */
  const ensureProject = async (): Promise<IpcErrorData | null> => {
    opened ??= openProject();
    try {
      await opened;
      return null;
    } catch (err) {
      opened = null;
      return (err as { data?: IpcErrorData }).data ?? toIpcError(err);
    }
  };
  server.setNotificationHandler(RootsListChangedNotificationSchema, () => {
    if (opts.explicitProject === null) opened = null;
  });

  const call = async (channel: McpTool['channel'], args: unknown, extra: ProgressExtra) => {
    const refused = await ensureProject();
    if (refused) return { ok: false as const, error: refused };
    return root.dispatch(channel, args ?? {}, { face: 'mcp', signal: extra.signal });
  };

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolDefinitions(tools) }));
  server.setRequestHandler(CallToolRequestSchema, async (req, extra): Promise<CallToolResult> => {
    const tool = byName.get(req.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool ${req.params.name}.`);
    const stop = tool.long ? forwardProgress(root, extra) : () => {};
    try {
      const r = await call(tool.channel, req.params.arguments, extra);
      if (!r.ok) return errorResult(r.error);
      return {
        content: [{ type: 'text', text: tool.text(r.value) }],
        structuredContent: r.value as Record<string, unknown>,
      };
    } finally {
      stop();
    }
  });

  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [STORY_TEMPLATE],
  }));
  server.setRequestHandler(ListResourcesRequestSchema, async (_req, extra) => {
    const r = await call('agent:listStories', { limit: RESOURCE_LIST_LIMIT }, extra);
    if (!r.ok) throw new McpError(ErrorCode.InternalError, r.error.message, r.error);
    const { stories } = r.value as { stories: { id: string; title: string }[] };
    return {
      resources: stories.map((s) => ({ uri: storyUri(s.id), name: s.title, mimeType: 'text/markdown' })),
    };
  });
  server.setRequestHandler(ReadResourceRequestSchema, async (req, extra) => {
    const id = storyIdOfUri(req.params.uri);
    if (id === null) throw new McpError(ErrorCode.InvalidParams, `Unknown resource ${req.params.uri}.`);
    const r = await call('agent:getStory', { id }, extra);
    if (!r.ok) throw new McpError(ErrorCode.InvalidParams, r.error.message, r.error);
    return {
      contents: [
        { uri: req.params.uri, mimeType: 'text/markdown', text: storyMarkdown(r.value as AgentStory) },
      ],
    };
  });
  return server;
}
