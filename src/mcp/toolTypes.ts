import type { RequestChannel } from '../shared/ipc/contract';

/** One MCP tool: a contract channel under an agent's name, with its output's schema and a short text form. */
export interface McpTool {
  name: string;
  channel: RequestChannel;
  description: string;
  /** JSON Schema of structuredContent (an object root, as MCP requires). */
  outputSchema: { type: 'object'; properties: Record<string, unknown> };
  /** Runs a model or the assertions a while: progress notifications are sent while it runs. */
  long?: boolean;
  text(value: unknown): string;
}
