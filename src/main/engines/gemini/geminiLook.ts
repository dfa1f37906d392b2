/**
 * A grounded call on the Gemini API: the look turns' wire shape (the project tools as `functionDeclarations` with
 * their JSON Schema, `functionCall` parts in, `functionResponse` parts back, calling mode AUTO) and the answer
 * request that follows, which carries that conversation and still declares the project tools but cannot call
 * them: calling mode NONE under the JSON response format, or ANY limited to the answer function in tool mode.
 */
import type {
  Content,
  FunctionCallingConfigMode,
  FunctionDeclaration,
  GenerateContentConfig,
  GoogleGenAI,
} from '@google/genai';
import type { PromptError } from '../../llm/errors';
import { ANSWER_NOW, LOOK_INSTRUCTION, lookTurn, type LookAdapter } from '../grounding/lookLoop';
import type { ProjectTools } from '../grounding/projectTools';

export interface GeminiLook extends LookAdapter {
  /** The conversation of the look, ending with the request to answer. */
  answerContents(): Content[];
  /** The answer's config with the project tools declared and not callable. */
  answerConfig(config: GenerateContentConfig): GenerateContentConfig;
}

export interface GeminiLookParts {
  client: GoogleGenAI;
  model: string;
  /** The conversation so far: earlier turns and the prompt. */
  contents: Content[];
  tools: ProjectTools;
  failure: (error: unknown, aborted: boolean) => PromptError;
}

export function geminiLook({ client, model, contents: start, tools, failure }: GeminiLookParts): GeminiLook {
  const declared: FunctionDeclaration[] = tools.definitions.map((d) => ({
    name: d.name,
    description: d.description,
    parametersJsonSchema: d.inputSchema,
  }));
  const contents: Content[] = [...start];

  return {
    async turn(signal) {
      const response = await client.models.generateContent({
        model,
        contents,
        config: {
          systemInstruction: LOOK_INSTRUCTION,
          tools: [{ functionDeclarations: declared }],
          toolConfig: { functionCallingConfig: { mode: 'AUTO' as FunctionCallingConfigMode } },
          abortSignal: signal,
        },
      });
      const content = response.candidates?.[0]?.content;
      if (content) contents.push({ role: 'model', parts: content.parts ?? [] });
      const calls = (response.functionCalls ?? []).map((c, i) => ({
        id: c.id ?? `${c.name ?? 'call'}-${i}`,
        name: c.name ?? '',
        input: c.args ?? {},
      }));
      const usage = response.usageMetadata;
      return lookTurn(calls, usage?.promptTokenCount, usage?.candidatesTokenCount, response);
    },
    addResults(results) {
      contents.push({
        role: 'user',
        parts: results.map((r) => ({
          functionResponse: {
            name: r.call.name,
            response: r.isError ? { error: r.content } : { output: r.content },
          },
        })),
      });
    },
    failure,
    answerContents() {
      const tail = contents.at(-1);
      // Turns ran out: the last content is the function responses; the request to answer joins them.
      if (tail?.role === 'user')
        return [
          ...contents.slice(0, -1),
          { role: 'user', parts: [...(tail.parts ?? []), { text: ANSWER_NOW }] },
        ];
      return [...contents, { role: 'user', parts: [{ text: ANSWER_NOW }] }];
    },
    answerConfig(config) {
      const answerFunctions =
        config.tools?.flatMap((t) => ('functionDeclarations' in t ? (t.functionDeclarations ?? []) : [])) ??
        [];
      return {
        ...config,
        tools: [{ functionDeclarations: [...declared, ...answerFunctions] }],
        toolConfig: config.toolConfig ?? {
          functionCallingConfig: { mode: 'NONE' as FunctionCallingConfigMode },
        },
      };
    },
  };
}
