// The stream-json lines fakeClaude.mjs prints, built the way CLI 2.1.330 prints them.
const env = process.env;
export const version = env.FAKE_CLAUDE_VERSION || '2.1.330';
export const SESSION = '00000000-0000-4000-8000-0000000fa4e0';

export function apiErrorLines(status) {
  const kind = status === 429 ? 'rate_limit' : status === 401 ? 'authentication_failed' : 'server_error';
  const text =
    status === 401
      ? 'Failed to authenticate. API Error: 401 {"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}'
      : status === 429
        ? 'API Error: Request rejected (429) · rate limited'
        : `API Error: ${status} {"type":"error","error":{"type":"api_error","message":"Internal server error"}}`;
  const lines = [initLine()];
  if (status === 429 && env.FAKE_CLAUDE_RETRY_AFTER_S) {
    lines.push({
      type: 'rate_limit_event',
      rate_limit_info: {
        status: 'rejected',
        rateLimitType: 'five_hour',
        resetsAt: Math.floor(Date.now() / 1000) + Number(env.FAKE_CLAUDE_RETRY_AFTER_S),
      },
      session_id: SESSION,
    });
  }
  const synthetic = assistantLine({ type: 'text', text });
  synthetic.message.model = '<synthetic>';
  synthetic.error = kind;
  lines.push(synthetic, {
    type: 'result',
    subtype: 'success',
    is_error: true,
    api_error_status: status,
    duration_ms: 10,
    num_turns: 1,
    result: text,
    session_id: SESSION,
    total_cost_usd: 0,
  });
  return lines;
}

export function structuredOutputValue() {
  return env.FAKE_CLAUDE_OUTPUT ? JSON.parse(env.FAKE_CLAUDE_OUTPUT) : { name: 'Ada', age: 36 };
}

export function initLine() {
  return {
    type: 'system',
    subtype: 'init',
    cwd: process.cwd(),
    session_id: SESSION,
    tools: ['Bash', 'Edit', 'Read', 'StructuredOutput', 'Write'],
    mcp_servers: [],
    model: 'claude-sonnet-4-5',
    permissionMode: 'default',
    apiKeySource: 'ANTHROPIC_API_KEY',
    claude_code_version: version,
    uuid: '00000000-0000-4000-8000-000000000001',
  };
}

export function assistantLine(content, id = 'msg_fake_1') {
  return {
    type: 'assistant',
    message: {
      id,
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [content],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 100, output_tokens: 1 },
    },
    parent_tool_use_id: null,
    session_id: SESSION,
  };
}

export function happyLines() {
  const output = structuredOutputValue();
  return [
    initLine(),
    assistantLine({ type: 'tool_use', id: 'toolu_fake_1', name: 'StructuredOutput', input: output }),
    {
      type: 'user',
      message: {
        role: 'user',
        content: [
          {
            tool_use_id: 'toolu_fake_1',
            type: 'tool_result',
            content: 'Structured output provided successfully',
          },
        ],
      },
      parent_tool_use_id: null,
      session_id: SESSION,
    },
    resultLine(output),
  ];
}

export function resultLine(output) {
  return {
    type: 'result',
    subtype: 'success',
    is_error: false,
    duration_ms: 120,
    duration_api_ms: 50,
    num_turns: 2,
    result: JSON.stringify(output),
    session_id: SESSION,
    total_cost_usd: 0.00093,
    usage: { input_tokens: 100, output_tokens: 42 },
    structured_output: output,
  };
}
