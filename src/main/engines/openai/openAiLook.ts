/**
 * A grounded call on an OpenAI-compatible server: the look turns' wire shape (the project tools as function
 * `tools`, `tool_calls` in, `role: "tool"` messages back) and the answer request that follows, which carries that
 * conversation and still declares the project tools but cannot call them: `tool_choice: "none"` in native mode
 * (the answer is the `response_format` JSON), the forced answer function in tool mode.
 */
import type OpenAI from 'openai';
import type {
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type { PromptError } from '../../llm/errors';
import { ANSWER_NOW, LOOK_INSTRUCTION, lookTurn, type LookAdapter } from '../grounding/lookLoop';
import type { ProjectTools } from '../grounding/projectTools';

export interface OpenAiLook extends LookAdapter {
  /** The answer request: `body` with the conversation of the look and the project tools declared. */
  answerBody(body: ChatCompletionCreateParamsStreaming): ChatCompletionCreateParamsStreaming;
}

function parsed(args: string): unknown {
  try {
    return JSON.parse(args);
  } catch {
    return {}; // The tool then says what is missing.
  }
}

export function openAiLook({
  client,
  body,
  tools,
  failure,
}: {
  client: OpenAI;
  body: ChatCompletionCreateParamsStreaming;
  tools: ProjectTools;
  failure: (error: unknown, aborted: boolean) => PromptError;
}): OpenAiLook {
  const declared: ChatCompletionTool[] = tools.definitions.map((d) => ({
    type: 'function',
    function: { name: d.name, description: d.description, parameters: d.inputSchema },
  }));
  const messages: ChatCompletionMessageParam[] = [
    { role: 'system', content: LOOK_INSTRUCTION },
    ...body.messages,
  ];

  return {
    async turn(signal) {
      const completion = await client.chat.completions.create(
        { model: body.model, messages, tools: declared, tool_choice: 'auto', stream: false },
        { signal },
      );
      const message = completion.choices[0]?.message;
      const toolCalls = (message?.tool_calls ?? []).flatMap((c) => (c.type === 'function' ? [c] : []));
      messages.push({
        role: 'assistant',
        content: message?.content ?? null,
        ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
      });
      const calls = toolCalls.map((c) => ({
        id: c.id,
        name: c.function.name,
        input: parsed(c.function.arguments),
      }));
      const usage = completion.usage;
      return lookTurn(calls, usage?.prompt_tokens, usage?.completion_tokens, completion);
    },
    addResults(results) {
      for (const r of results) messages.push({ role: 'tool', tool_call_id: r.call.id, content: r.content });
    },
    failure,
    answerBody(answer) {
      return {
        ...answer,
        messages: [...messages, { role: 'user', content: ANSWER_NOW }],
        tools: [...declared, ...(answer.tools ?? [])],
        tool_choice: answer.tool_choice ?? 'none',
      };
    },
  };
}
