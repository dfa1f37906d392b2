import type { CliEvent } from '../stream';

export const STRUCTURED_OUTPUT_TOOL = 'StructuredOutput';

export interface ToolUseScan {
  /** Input of the last StructuredOutput call the CLI acknowledged with a non-error tool_result. */
  acknowledged?: { input: unknown; toolUseId: string };
  /** Input of the last StructuredOutput call that never received a tool_result. */
  unacknowledged?: { input: unknown; toolUseId: string };
  calls: number;
  rejectedCalls: number;
}

/**
 * Walks the transcript for StructuredOutput calls of the main agent.
 * "Acknowledged" means a tool_result for that id arrived with is_error not true: that is the CLI saying its
 * own Ajv check passed ("Structured output provided successfully"). A call whose tool_result never came
 * (the run hit max turns or died first) was not checked, so it is reported separately and never used as data.
 * Calls inside sub-agents (parent_tool_use_id set) are not the run's answer and are ignored.
 */
export function scanStructuredOutputCalls(events: CliEvent[]): ToolUseScan {
  const inputs = new Map<string, unknown>();
  const order: string[] = [];
  const outcome = new Map<string, 'ok' | 'error'>();
  for (const event of events) {
    if (event.kind === 'assistant' && event.parentToolUseId === undefined) {
      for (const block of event.blocks) {
        if (block.type !== 'tool_use' || block.name !== STRUCTURED_OUTPUT_TOOL) continue;
        if (!inputs.has(block.id)) order.push(block.id);
        inputs.set(block.id, block.input);
      }
    } else if (event.kind === 'tool_result' && inputs.has(event.toolUseId)) {
      outcome.set(event.toolUseId, event.isError ? 'error' : 'ok');
    }
  }
  const scan: ToolUseScan = { calls: order.length, rejectedCalls: 0 };
  for (const id of order) {
    const state = outcome.get(id);
    if (state === 'ok') scan.acknowledged = { input: inputs.get(id), toolUseId: id };
    else if (state === 'error') scan.rejectedCalls++;
    else scan.unacknowledged = { input: inputs.get(id), toolUseId: id };
  }
  return scan;
}
