/**
 * A grounded call on the Messages API: the look turns' wire shape (the project tools as `tools`, `tool_use` blocks
 * in, `tool_result` blocks back) and the answer request that follows, which carries that conversation and still
 * offers the project tools (the API wants every tool the conversation used declared) but cannot call them:
 * `tool_choice: none` in native mode, the forced answer tool in tool mode.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type {
  ContentBlock,
  ContentBlockParam,
  MessageCreateParamsBase,
  MessageParam,
  Tool,
  ToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/messages/messages';
import type { PromptError } from '../../llm/errors';
import { ANSWER_NOW, LOOK_INSTRUCTION, lookTurn, type LookAdapter } from '../grounding/lookLoop';
import type { ProjectTools } from '../grounding/projectTools';

export interface AnthropicLook extends LookAdapter {
  /** The answer request: `params` with the conversation of the look and the project tools declared. */
  answerParams(params: MessageCreateParamsBase): MessageCreateParamsBase;
}

export function anthropicLook(
  client: Anthropic,
  params: MessageCreateParamsBase,
  tools: ProjectTools,
  failure: (error: unknown, aborted: boolean) => PromptError,
): AnthropicLook {
  const declared: Tool[] = tools.definitions.map((d) => ({
    name: d.name,
    description: d.description,
    input_schema: d.inputSchema as Tool.InputSchema,
  }));
  const messages: MessageParam[] = [...params.messages];
  let last: ContentBlock[] = [];

  return {
    async turn(signal) {
      const { output_config: _format, tools: _answer, tool_choice: _forced, ...base } = params;
      const message = await client.messages.create(
        {
          ...base,
          system: `${typeof base.system === 'string' ? base.system : ''}\n${LOOK_INSTRUCTION}`.trim(),
          messages,
          tools: declared,
          tool_choice: { type: 'auto' },
          stream: false,
        },
        { signal },
      );
      last = message.content;
      messages.push({ role: 'assistant', content: message.content as ContentBlockParam[] });
      const calls = message.content.flatMap((b) =>
        b.type === 'tool_use' ? [{ id: b.id, name: b.name, input: b.input }] : [],
      );
      return lookTurn(calls, message.usage?.input_tokens, message.usage?.output_tokens, message);
    },
    addResults(results) {
      const content: ToolResultBlockParam[] = results.map((r) => ({
        type: 'tool_result',
        tool_use_id: r.call.id,
        content: r.content,
        ...(r.isError ? { is_error: true } : {}),
      }));
      messages.push({ role: 'user', content });
    },
    failure,
    answerParams(answer) {
      const conversation = [...messages];
      const tail = conversation.at(-1);
      // Turns ran out: the last message is the tool results; the request to answer joins them.
      if (tail?.role === 'user' && Array.isArray(tail.content) && last.some((b) => b.type === 'tool_use'))
        conversation[conversation.length - 1] = {
          role: 'user',
          content: [...tail.content, { type: 'text', text: ANSWER_NOW }],
        };
      else conversation.push({ role: 'user', content: ANSWER_NOW });
      return {
        ...answer,
        messages: conversation,
        tools: [...declared, ...(answer.tools ?? [])],
        tool_choice: answer.tool_choice ?? { type: 'none' },
      };
    },
  };
}
